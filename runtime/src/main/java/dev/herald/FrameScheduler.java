package dev.herald;

import dev.herald.time.Ticker;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The game loop's side of the bus: the frame count, the messages waiting for a stage run (the
 * {@link Schedule}), and the runs that deliver them.
 */
final class FrameScheduler {
  private final Ticker ticker;
  private final AtomicLong frames = new AtomicLong();
  private final Schedule schedule = new Schedule();

  FrameScheduler(Ticker ticker) {
    this.ticker = ticker;
  }

  long frame() {
    return frames.get();
  }

  void endFrame() {
    frames.incrementAndGet();
  }

  /**
   * Queues a message sent at {@code nowNanos} for its stage run.
   *
   * @return false, queueing nothing, once the bus has taken every queued message to shut down
   */
  boolean queue(Object message, Header header, Address from, long nowNanos) {
    return schedule.add(message, header, from, nowNanos, frames.get());
  }

  /** A stage run, as {@link MessageBus#runStage} describes it, delivered by {@code router}. */
  int runStage(Stage stage, Router router) {
    Objects.requireNonNull(stage, "stage");
    if (stage == Stage.IMMEDIATE) {
      throw new IllegalArgumentException(
          "Stage.IMMEDIATE is not a point of the frame: run FIXED_UPDATE, UPDATE, LATE_UPDATE"
              + " or END_OF_FRAME; delayed IMMEDIATE messages come with whichever runs first");
    }
    if (!router.isAccepting()) {
      throw new BusClosedException("Cannot run " + stage + ": the bus is closed");
    }
    StageRun run = schedule.takeDue(stage, frames.get(), ticker.nanoTime());
    int delivered = 0;
    try {
      Pending next;
      while ((next = run.claim()) != null) {
        delivered++;
        try {
          router.deliver(next);
        } catch (RuntimeException | Error failure) {
          // the error handler threw (it may be the rethrowing one): the rest keep their turn
          schedule.restoreRest(run);
          throw failure;
        }
      }
    } finally {
      schedule.finished(run);
    }
    return delivered;
  }

  int pendingCount() {
    return schedule.size();
  }

  /**
   * Takes every queued message, in the order stage runs would deliver them, and closes the queue.
   */
  List<Pending> takeAll() {
    return schedule.takeAll();
  }
}
