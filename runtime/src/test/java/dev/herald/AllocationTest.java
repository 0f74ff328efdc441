package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 7: in the steady state, {@code post} allocates nothing. */
class AllocationTest {
  private static final int POSTS = 100_000;

  /** Slack for the measurement itself; a post that allocated would cost at least 16 bytes each. */
  private static final long SLACK_BYTES = 16 * 1024;

  static final class Tally {
    long events;
    long anything;

    @Subscribe
    void on(Event event) {
      events++;
    }

    @Subscribe(priority = 3)
    void onAnything(Object anything) {
      this.anything++;
    }
  }

  @Test
  void steadyStatePostsAllocateNothing() {
    com.sun.management.ThreadMXBean threads = allocationCounter();
    MessageBus bus = MessageBus.create();
    Tally weak = new Tally();
    Tally strong = new Tally();
    bus.register(weak);
    bus.register(strong);
    bus.subscribe(Attack.class, new AttackCounter());
    Event event = new Event("e");
    Attack attack = new Attack("a");
    Ping unheard = new Ping(1);
    MessageBus empty = MessageBus.create();
    for (int i = 0; i < 1_000; i++) {
      bus.post(event);
      bus.post(attack);
      empty.post(unheard);
    }

    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < POSTS; i++) {
      bus.post(event);
      bus.post(attack);
      empty.post(unheard);
    }
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertTrue(allocated < SLACK_BYTES, allocated + " bytes allocated by " + 3 * POSTS + " posts");
    assertEquals(2L * (POSTS + 1_000), weak.events);
    assertEquals(weak.anything, strong.anything);
  }

  /**
   * Sends with a header, to an address, and requests nobody answers take the full delivery; they
   * reuse their thread's bookkeeping, so they allocate nothing either, compiled or not.
   */
  @Test
  void steadyStateSendsAllocateNothing() {
    com.sun.management.ThreadMXBean threads = allocationCounter();
    MessageBus bus = MessageBus.create();
    Address entity = bus.createAddress();
    Tally tally = new Tally();
    bus.registration().strongly().at(entity).register(tally);
    Header tagged = Header.builder().tags("radar").build();
    Header toEntity = Header.to(entity);
    Event event = new Event("e");
    for (int i = 0; i < 1_000; i++) {
      bus.post(event, tagged);
      bus.post(event, toEntity);
      bus.request(event, Integer.class);
    }

    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < POSTS; i++) {
      bus.post(event, tagged);
      bus.post(event, toEntity);
      bus.request(event, Integer.class);
    }
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertTrue(allocated < SLACK_BYTES, allocated + " bytes allocated by " + 3 * POSTS + " sends");
    assertEquals(3L * (POSTS + 1_000), tally.events);
  }

  private static final class AttackCounter implements java.util.function.Consumer<Attack> {
    long count;

    @Override
    public void accept(Attack attack) {
      count++;
    }
  }

  /**
   * Messages delayed in time and in frames, with headers made once, and the stage runs that deliver
   * them: the schedule reuses its entries and its list, so a game's delays allocate nothing once a
   * frame's worth has been delivered.
   */
  @Test
  void steadyStateDelayedMessagesAllocateNothing() {
    com.sun.management.ThreadMXBean threads = allocationCounter();
    dev.herald.time.ManualTicker ticker = new dev.herald.time.ManualTicker();
    MessageBus bus = MessageBus.builder().ticker(ticker).build();
    Tally tally = new Tally();
    bus.register(tally);
    Header inTime =
        Header.builder().stage(Stage.UPDATE).delay(java.time.Duration.ofMillis(50)).build();
    Header inFrames = Header.builder().stage(Stage.LATE_UPDATE).delayFrames(3).build();
    Event event = new Event("e");
    int batch = 1_000;
    for (int i = 0; i < 20; i++) {
      delayAndDeliver(bus, ticker, event, inTime, inFrames, batch);
    }

    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < 100; i++) {
      delayAndDeliver(bus, ticker, event, inTime, inFrames, batch);
    }
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertTrue(
        allocated < SLACK_BYTES,
        allocated + " bytes allocated by " + 100 * 2 * batch + " delayed messages");
    assertEquals(120L * 2 * batch, tally.events);
  }

  /** Delays {@code batch} messages each way, then runs frames until all are delivered. */
  private static void delayAndDeliver(
      MessageBus bus,
      dev.herald.time.ManualTicker ticker,
      Event event,
      Header inTime,
      Header inFrames,
      int batch) {
    for (int i = 0; i < batch; i++) {
      bus.post(event, inTime);
      bus.post(event, inFrames);
    }
    for (int frame = 0; frame < 4; frame++) {
      ticker.advanceNanos(20_000_000);
      bus.runStage(Stage.UPDATE);
      bus.runStage(Stage.LATE_UPDATE);
      bus.endFrame();
    }
  }

  private static com.sun.management.ThreadMXBean allocationCounter() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(
        bean instanceof com.sun.management.ThreadMXBean,
        "no per-thread allocation counter on this JVM");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(
        threads.isThreadAllocatedMemorySupported(), "per-thread allocation counting unsupported");
    threads.setThreadAllocatedMemoryEnabled(true);
    return threads;
  }
}
