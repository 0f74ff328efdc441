package dev.herald;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The end of a bus: {@link MessageBus#shutdown} stops it accepting messages, delivers or discards
 * what is queued, waits for the asynchronous calls, and reports; once.
 */
final class Lifecycle {
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

  private final Router router;
  private final FrameScheduler scheduler;
  private final AsyncCalls async;
  private final Object lock = new Object();
  private boolean shuttingDown;
  private ShutdownReport report;

  Lifecycle(Router router, FrameScheduler scheduler, AsyncCalls async) {
    this.router = router;
    this.scheduler = scheduler;
    this.async = async;
  }

  /**
   * {@link MessageBus#close}: a shutdown that delivers what is queued, and warns if it left work
   * undone.
   */
  void close() {
    ShutdownReport report = shutdown(QueuedMessages.DELIVER, CLOSE_TIMEOUT);
    if (!report.isComplete()) {
      Logging.logger()
          .log(System.Logger.Level.WARNING, "Herald: closed with work left undone: " + report);
    }
  }

  /** A shutdown, as {@link MessageBus#shutdown} describes it. */
  ShutdownReport shutdown(QueuedMessages queued, Duration timeout) {
    Objects.requireNonNull(queued, "queued");
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException(
          "A shutdown timeout must not be negative, but was " + timeout);
    }
    synchronized (lock) {
      if (report != null) {
        return report;
      }
      if (shuttingDown) {
        throw new IllegalStateException(
            "The bus is already closing: a handler called close() or shutdown() while the"
                + " queued messages were being delivered");
      }
      shuttingDown = true;
      FlightEvents.ShutdownEvent event = FlightEvents.shutdownBegins();
      router.stopAccepting();
      List<Pending> waiting = scheduler.takeAll();
      int delivered = 0;
      int discarded = 0;
      int failed = 0;
      int unfinished = 0;
      Throwable firstFailure = null;
      try {
        if (queued == QueuedMessages.DISCARD) {
          discarded = waiting.size();
        } else {
          for (Pending pending : waiting) {
            try {
              router.deliver(pending);
              delivered++;
            } catch (Throwable failure) {
              // Whatever escaped (the error handler rethrew, or an Error), the messages
              // after this one are still delivered and this one is counted; the first
              // failure is thrown once the report is made.
              failed++;
              if (firstFailure == null) {
                firstFailure = failure;
              } else if (firstFailure != failure) {
                firstFailure.addSuppressed(failure);
              }
            }
          }
        }
        async.refuseNewCalls();
        unfinished = awaitAsync(timeout);
      } finally {
        async.shutdownOwnExecutor();
        report = new ShutdownReport(delivered, discarded, failed, unfinished);
        FlightEvents.shutdownEnded(event, report);
      }
      if (firstFailure != null) {
        throw ShutdownFailure.rethrow(firstFailure);
      }
      return report;
    }
  }

  private int awaitAsync(Duration timeout) {
    // capped so that deadline arithmetic cannot overflow; 2^62 ns is about 146 years
    long nanos = timeout.compareTo(Duration.ofNanos(1L << 62)) >= 0 ? 1L << 62 : timeout.toNanos();
    return async.awaitIdleThenStop(nanos);
  }
}
