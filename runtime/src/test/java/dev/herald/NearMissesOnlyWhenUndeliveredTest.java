package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/observability.md: the near misses are computed only for a message that required a receiver
 * and reached nobody. Computing them walks every handler on the bus and builds a text, so a
 * delivered send that requires a receiver would allocate if it computed them; it allocates nothing,
 * however many handlers could have been near misses.
 */
class NearMissesOnlyWhenUndeliveredTest {
  private static final int SENDS = 100_000;

  /** Slack for the measurement itself; a report per send would cost far more than this. */
  private static final long SLACK_BYTES = 16 * 1024;

  /** A near miss of every untagged Attack: it hears only the tag "naval". */
  static final class Naval {
    @Subscribe(tags = "naval")
    void on(Attack attack) {}
  }

  static final class Counter {
    long received;

    @Subscribe
    void on(Event event) {
      received++;
    }
  }

  @Test
  void aDeliveredSendThatRequiresAReceiverComputesNoNearMisses() {
    com.sun.management.ThreadMXBean threads = allocationCounter();
    List<Throwable> reported = new ArrayList<>();
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> reported.add(error)).build();
    for (int i = 0; i < 100; i++) {
      bus.register(new Naval());
    }
    Counter counter = new Counter();
    bus.register(counter);
    Header required = Header.builder().requireReceiver().build();
    Attack attack = new Attack("received");
    for (int i = 0; i < 1_000; i++) {
      bus.post(attack, required);
    }

    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < SENDS; i++) {
      bus.post(attack, required);
    }
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertTrue(allocated < SLACK_BYTES, allocated + " bytes allocated by " + SENDS + " sends");
    assertEquals(SENDS + 1_000L, counter.received);
    assertEquals(List.of(), reported);
  }

  @Test
  void theSameSendReachingNobodyReportsTheNearMisses() {
    List<Throwable> reported = new ArrayList<>();
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> reported.add(error)).build();
    bus.register(new Naval());

    bus.post(new Attack("missed"), Header.builder().requireReceiver().build());

    assertEquals(1, reported.size());
    String text = assertInstanceOf(UndeliveredMessageException.class, reported.get(0)).getMessage();
    assertTrue(text.contains(Naval.class.getName()), text);
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
