package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 16, stages and delays, with a ticker the test drives. */
class StagesTest {
  private final ManualTicker ticker = new ManualTicker();
  private final MessageBus bus = TestBuses.rethrowingBuilder().ticker(ticker).build();
  private final List<String> log = new ArrayList<>();

  /** Sends a new staged message from inside a stage run. */
  static final class Echo {
    final MessageBus bus;
    final Header header;
    int heard;

    Echo(MessageBus bus, Header header) {
      this.bus = bus;
      this.header = header;
    }

    @Subscribe
    void on(Event event) {
      heard++;
      bus.post(new Event("echo of " + event.name), header);
    }
  }

  static final class EnvelopeKeeper {
    final List<Envelope> envelopes = new ArrayList<>();

    @Subscribe
    void on(Event event, Envelope envelope) {
      envelopes.add(envelope);
    }
  }

  private static Header stage(Stage stage) {
    return Header.builder().stage(stage).build();
  }

  private static Header after(Stage stage, Duration delay) {
    return Header.builder().stage(stage).delay(delay).build();
  }

  private static Header afterFrames(Stage stage, long frames) {
    return Header.builder().stage(stage).delayFrames(frames).build();
  }

  private void listen() {
    bus.register(new EventRecorder(log));
  }

  @Test
  void anImmediateHeaderDeliversAtOnce() {
    listen();
    assertEquals(1, bus.post(new Event("now"), Header.builder().stage(Stage.IMMEDIATE).build()));
    assertEquals(List.of("now"), log);
    assertEquals(0, bus.pendingCount());
  }

  @Test
  void aStagedMessageWaitsForARunOfItsStage() {
    listen();

    assertEquals(0, bus.post(new Event("staged"), stage(Stage.UPDATE)));
    assertEquals(0, bus.runStage(Stage.FIXED_UPDATE));
    assertEquals(0, bus.runStage(Stage.LATE_UPDATE));
    assertTrue(log.isEmpty());
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("staged"), log);
    assertEquals(0, bus.runStage(Stage.UPDATE));
  }

  @Test
  void aTimeDelayedMessageIsDeliveredAtTheFirstRunOfItsStageOnceDue() {
    listen();
    bus.post(new Event("reaction"), after(Stage.UPDATE, Duration.ofMillis(200)));

    ticker.advance(Duration.ofMillis(199));
    assertEquals(0, bus.runStage(Stage.UPDATE));
    ticker.advance(Duration.ofMillis(1));
    assertEquals(0, bus.runStage(Stage.LATE_UPDATE));
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("reaction"), log);
  }

  @Test
  void aFrameDelayedMessageIsDeliveredOnceThatManyFramesHaveEnded() {
    listen();
    bus.post(new Event("explosion"), afterFrames(Stage.LATE_UPDATE, 10));

    for (int frame = 0; frame < 9; frame++) {
      assertEquals(0, bus.runStage(Stage.LATE_UPDATE));
      bus.endFrame();
    }
    assertEquals(0, bus.runStage(Stage.LATE_UPDATE));
    bus.endFrame();
    assertEquals(10, bus.frame());
    assertEquals(1, bus.runStage(Stage.LATE_UPDATE));
    assertEquals(List.of("explosion"), log);
  }

  @Test
  void immediateWithADelayHasNoStageConstraint() {
    listen();
    bus.post(new Event("whenever"), after(Stage.IMMEDIATE, Duration.ofMillis(50)));
    bus.post(new Event("next run"), Header.builder().delay(Duration.ZERO).build());

    assertEquals(1, bus.runStage(Stage.END_OF_FRAME));
    ticker.advance(Duration.ofMillis(50));
    assertEquals(1, bus.runStage(Stage.FIXED_UPDATE));
    assertEquals(List.of("next run", "whenever"), log);
  }

  @Test
  void dueMessagesGoByDueOrderThenSendOrderFramesBeforeTimes() {
    listen();
    bus.post(new Event("t300"), after(Stage.UPDATE, Duration.ofMillis(300)));
    bus.post(new Event("t100-a"), after(Stage.UPDATE, Duration.ofMillis(100)));
    bus.post(new Event("f2"), afterFrames(Stage.UPDATE, 2));
    bus.post(new Event("t100-b"), after(Stage.UPDATE, Duration.ofMillis(100)));
    bus.post(new Event("f1"), afterFrames(Stage.UPDATE, 1));
    bus.post(new Event("staged"), stage(Stage.UPDATE));
    bus.post(new Event("any"), after(Stage.IMMEDIATE, Duration.ofMillis(10)));

    bus.endFrame();
    bus.endFrame();
    ticker.advance(Duration.ofSeconds(1));

    assertEquals(7, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("staged", "f1", "f2", "t100-a", "t100-b", "t300", "any"), log);
  }

  @Test
  void messagesQueuedDuringAStageRunWaitForTheNextRun() {
    Echo echo = new Echo(bus, stage(Stage.UPDATE));
    bus.register(echo);
    bus.post(new Event("first"), stage(Stage.UPDATE));

    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(1, echo.heard);
    assertEquals(1, bus.pendingCount());
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(2, echo.heard);
  }

  @Test
  void aHandlerRemovedBeforeTheMessageIsDueDoesNotGetIt() {
    Registration registration = bus.register(new EventRecorder(log));
    bus.post(new Event("late"), after(Stage.UPDATE, Duration.ofMillis(10)));

    registration.close();
    ticker.advance(Duration.ofMillis(10));

    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertTrue(log.isEmpty());
  }

  @Test
  void aDelayedMessageForACollectedListenerIsNotDeliveredAndDoesNotLeak() {
    GarbageCollection.assumeExplicitGcWorks();
    int[] received = {0};
    Address doomed = registerCountingListenerAndDropIt(received);
    bus.post(
        new Event("too late"),
        Header.builder().to(doomed).stage(Stage.UPDATE).delayFrames(1).build());

    boolean collected =
        GarbageCollection.collectUntil(
            () -> {
              bus.registry.purgeCollected();
              return bus.registry.handlerCount() == 0;
            });
    bus.endFrame();
    bus.runStage(Stage.UPDATE);

    assertTrue(collected, "the listener was not collected");
    assertEquals(0, received[0]);
    assertTrue(doomed.isRetired());
    assertEquals(0, bus.pendingCount());
    assertEquals(0, bus.registry.listenerCount());
  }

  static final class Counting {
    final int[] received;

    Counting(int[] received) {
      this.received = received;
    }

    @Subscribe
    void on(Event event) {
      received[0]++;
    }
  }

  private Address registerCountingListenerAndDropIt(int[] received) {
    return bus.registerWeakly(new Counting(received)).address();
  }

  @Test
  void theEnvelopeTellsWhenTheMessageWasSentNotWhenItArrived() {
    EnvelopeKeeper keeper = new EnvelopeKeeper();
    bus.register(keeper);
    long sentAt = ticker.nanoTime();
    bus.post(new Event("e"), afterFrames(Stage.UPDATE, 3));

    for (int i = 0; i < 3; i++) {
      bus.endFrame();
      ticker.advance(Duration.ofMillis(16));
    }
    bus.runStage(Stage.UPDATE);

    assertEquals(sentAt, keeper.envelopes.get(0).sentNanos());
    assertEquals(0, keeper.envelopes.get(0).sentFrame());
  }

  @Test
  void aStageRunThatDeliversNothingLeavesAMillionPendingMessagesInPlace() {
    listen();
    Header farAway = afterFrames(Stage.UPDATE, 1_000);
    for (int i = 0; i < 1_000_000; i++) {
      bus.post(new Event("later"), farAway);
    }

    assertEquals(0, bus.runStage(Stage.UPDATE));
    assertEquals(1_000_000, bus.pendingCount());
  }

  /** Counts the comparisons a queue makes: the work of a stage run, without timing it. */
  static final class CountingOrder implements Comparator<Pending> {
    final Comparator<Pending> order;
    long comparisons;

    CountingOrder(Comparator<Pending> order) {
      this.order = order;
    }

    @Override
    public int compare(Pending a, Pending b) {
      comparisons++;
      return order.compare(a, b);
    }
  }

  @Test
  void aStageRunComparesInProportionToKLogNForKDueOutOfN() {
    CountingOrder byFrame = new CountingOrder(Pending.BY_DUE_FRAME);
    CountingOrder byTime = new CountingOrder(Pending.BY_DUE_TIME);
    Schedule schedule = new Schedule(byFrame, byTime);
    int waiting = 100_000;
    int due = 10;
    for (int i = 0; i < waiting; i++) {
      schedule.add(new Event("later"), afterFrames(Stage.UPDATE, 1_000), null, 0, 0);
    }
    for (int i = 0; i < due; i++) {
      schedule.add(new Event("next"), afterFrames(Stage.UPDATE, 1), null, 0, 0);
    }
    byFrame.comparisons = 0;
    byTime.comparisons = 0;

    assertEquals(0, schedule.takeDue(Stage.UPDATE, 0, 0).due.size());
    assertEquals(
        0,
        byFrame.comparisons + byTime.comparisons,
        "a run with nothing due looks at the heads only");
    assertEquals(due, schedule.takeDue(Stage.UPDATE, 1, 0).due.size());
    // a binary heap's removal compares at most twice per level; a scan would compare n times
    int levels = 32 - Integer.numberOfLeadingZeros(waiting + due);
    long bound = 2L * due * levels;
    long made = byFrame.comparisons + byTime.comparisons;
    assertTrue(
        made <= bound,
        made + " comparisons to take " + due + " of " + (waiting + due) + ", more than " + bound);
  }

  /**
   * Delays given in any order: most fall due after the last one queued and wait in a ring, the rest
   * in a heap; a run delivers from both in due order, and in send order where due together.
   */
  @Test
  void messagesDelayedInAnyOrderAreDeliveredInDueOrderThenSendOrder() {
    listen();
    java.util.Random random = new java.util.Random(7);
    List<String> expected = new ArrayList<>();
    List<long[]> dueAndSent = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      long frames = random.nextInt(10) == 0 ? random.nextInt(5) : 5 + i / 50;
      bus.post(new Event("m" + i), afterFrames(Stage.UPDATE, frames));
      dueAndSent.add(new long[] {frames, i});
    }
    dueAndSent.sort(
        Comparator.<long[]>comparingLong(entry -> entry[0]).thenComparingLong(entry -> entry[1]));
    for (long[] entry : dueAndSent) {
      expected.add("m" + entry[1]);
    }

    for (int frame = 0; frame < 20; frame++) {
      bus.runStage(Stage.UPDATE);
      bus.endFrame();
    }

    assertEquals(expected, log);
  }

  /** Receives every dead message, and the time and frame its envelope shows. */
  static final class DeadLetters {
    final List<DeadMessage> received = new ArrayList<>();

    @Subscribe
    void on(DeadMessage dead) {
      received.add(dead);
    }
  }

  /** Takes the envelope, so that the queued message goes the full way. */
  static final class EnvelopeReader {
    final List<Long> sentFrames = new ArrayList<>();
    final List<Long> sentNanos = new ArrayList<>();

    @Subscribe
    void on(Event event, Envelope envelope) {
      sentFrames.add(envelope.sentFrame());
      sentNanos.add(envelope.sentNanos());
    }
  }

  @Test
  void aDelayedBroadcastThatReachesNobodyIsADeadMessageShowingWhenItWasSent() {
    DeadLetters dead = new DeadLetters();
    bus.register(dead);
    ticker.advance(Duration.ofMillis(5));
    bus.endFrame();
    Header inTwoFrames = afterFrames(Stage.UPDATE, 2);
    bus.post(new Event("lost"), inTwoFrames);
    for (int frame = 0; frame < 3; frame++) {
      ticker.advance(Duration.ofMillis(16));
      bus.runStage(Stage.UPDATE);
      bus.endFrame();
    }

    assertEquals(1, dead.received.size());
    Envelope envelope = dead.received.get(0).envelope();
    assertEquals(1, envelope.sentFrame());
    assertEquals(5_000_000, envelope.sentNanos());
    assertEquals(inTwoFrames, envelope.header());
  }

  @Test
  void aHandlerAddedDuringADelayedBroadcastSeesWhenItWasSent() {
    EventRecorder adder = new EventRecorder(log, "adder");
    bus.register(adder);
    EnvelopeReader late = new EnvelopeReader();
    adder.action = () -> bus.register(late);
    bus.post(new Event("e"), afterFrames(Stage.UPDATE, 1));
    bus.endFrame();
    ticker.advance(Duration.ofMillis(40));

    int ran = bus.runStage(Stage.UPDATE);

    assertEquals(1, ran);
    assertEquals(List.of("adder:e"), log);
    assertEquals(List.of(0L), late.sentFrames);
    assertEquals(List.of(0L), late.sentNanos);
  }

  @Test
  void aDelayedBroadcastWhoseHandlerFailsStillReachesTheOthers() {
    List<Throwable> errors = new ArrayList<>();
    MessageBus lenient =
        MessageBus.builder()
            .ticker(ticker)
            .errorHandler((error, context) -> errors.add(error))
            .build();
    EventRecorder first = new EventRecorder(log, "first");
    EventRecorder second = new EventRecorder(log, "second");
    IllegalStateException boom = new IllegalStateException("boom");
    first.action =
        () -> {
          throw boom;
        };
    lenient.register(first);
    lenient.register(second);
    lenient.post(new Event("e"), afterFrames(Stage.UPDATE, 0));

    assertEquals(1, lenient.runStage(Stage.UPDATE));
    assertEquals(List.of("first:e", "second:e"), log);
    assertEquals(List.of(boom), errors);
  }

  @Test
  void aDeliveredDelayedMessageIsNotKeptByTheSchedule() {
    GarbageCollection.assumeExplicitGcWorks();
    listen();
    java.lang.ref.WeakReference<Event> delivered = postDelayedOnce();
    bus.runStage(Stage.UPDATE);
    bus.endFrame();
    log.clear();

    assertTrue(
        GarbageCollection.collectUntil(() -> delivered.get() == null),
        "the schedule still holds a delivered message");
  }

  private java.lang.ref.WeakReference<Event> postDelayedOnce() {
    Event event = new Event("once");
    bus.post(event, afterFrames(Stage.UPDATE, 0));
    return new java.lang.ref.WeakReference<>(event);
  }

  @Test
  void whenTheErrorHandlerThrowsTheRestOfTheRunKeepsItsTurn() {
    listen();
    bus.subscribe(
        Event.class,
        event -> {
          if (event.name.equals("bad")) {
            throw new IllegalStateException("bad message");
          }
        });
    bus.post(new Event("bad"), stage(Stage.UPDATE));
    bus.post(new Event("good"), stage(Stage.UPDATE));

    assertThrows(IllegalStateException.class, () -> bus.runStage(Stage.UPDATE));
    assertEquals(1, bus.pendingCount());
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("bad", "good"), log);
  }

  // ---- invalid input ---------------------------------------------------------------------

  @Test
  void negativeDelaysAreRejectedWhenTheHeaderIsBuilt() {
    IllegalArgumentException time =
        assertThrows(
            IllegalArgumentException.class, () -> Header.builder().delay(Duration.ofMillis(-1)));
    IllegalArgumentException frames =
        assertThrows(IllegalArgumentException.class, () -> Header.builder().delayFrames(-1));
    assertTrue(time.getMessage().contains("negative"), time.getMessage());
    assertTrue(frames.getMessage().contains("negative"), frames.getMessage());
  }

  @Test
  void aHeaderWithBothDelaysIsRejected() {
    Header.Builder both = Header.builder().delay(Duration.ofSeconds(1)).delayFrames(3);
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class, both::build);
    assertTrue(error.getMessage().contains("not both"), error.getMessage());
  }

  @Test
  void immediateIsNotAStageToRun() {
    assertThrows(IllegalArgumentException.class, () -> bus.runStage(Stage.IMMEDIATE));
  }

  @Test
  void aRequestCannotBeDelayed() {
    assertThrows(
        IllegalArgumentException.class,
        () -> bus.request(new Event("q"), stage(Stage.UPDATE), Object.class));
  }

  @Test
  void aDelayedSelfPostIsStillRejectedAtOnce() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            bus.post(
                new Event("e"), Header.builder().to(Address.SELF).stage(Stage.UPDATE).build()));
    assertEquals(0, bus.pendingCount());
  }

  @Test
  void aHugeDelayDoesNotHoldBackMessagesThatAreDue() {
    listen();
    bus.post(new Event("soon"), Header.builder().delay(Duration.ZERO).build());
    ticker.advance(Duration.ofNanos(1));
    bus.post(new Event("never"), Header.builder().delay(Duration.ofDays(365L * 1000)).build());
    ticker.advance(Duration.ofSeconds(1));

    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("soon"), log);
    assertEquals(1, bus.pendingCount());
  }
}
