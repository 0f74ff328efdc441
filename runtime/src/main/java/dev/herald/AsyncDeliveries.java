package dev.herald;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@code @Subscribe(async = true)} handlers on the bus's executor, one call at a time
 * per handler unless it is marked {@code concurrent}, and keeps count of the calls not yet
 * finished so that {@link MessageBus#shutdown} can wait for them.
 */
final class AsyncDeliveries {
  private final MessageBus bus;
  private final Executor given;
  private volatile ExecutorService owned;
  private final AtomicInteger unfinished = new AtomicInteger();
  private final Object idle = new Object();

  AsyncDeliveries(MessageBus bus, Executor given) {
    this.bus = bus;
    this.given = given;
  }

  /** Schedules one call; counted as unfinished until it has run. */
  void submit(Subscriber subscriber, Object listener, Object message, Envelope envelope) {
    Call call = new Call(subscriber, listener, message, envelope);
    unfinished.incrementAndGet();
    try {
      if (subscriber.mailbox == null) {
        executor().execute(call);
      } else {
        subscriber.mailbox.enqueue(call, this);
      }
    } catch (RejectedExecutionException rejected) {
      finished();
      bus.reportFailure(rejected, subscriber, listener, message);
    }
  }

  /**
   * Waits until every call has run or {@code timeoutNanos} have passed; returns how many
   * had not run by then.
   */
  int awaitIdle(long timeoutNanos) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    synchronized (idle) {
      while (unfinished.get() > 0) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        TimeUnit.NANOSECONDS.timedWait(idle, left);
      }
    }
    return unfinished.get();
  }

  int awaitIdleCount() {
    return unfinished.get();
  }

  /** Stops the executor if the bus made it. */
  void shutdownOwnExecutor() {
    ExecutorService executor = owned;
    if (executor != null) {
      executor.shutdown();
    }
  }

  Executor executor() {
    if (given != null) {
      return given;
    }
    ExecutorService executor = owned;
    if (executor == null) {
      synchronized (this) {
        executor = owned;
        if (executor == null) {
          executor = Executors.newCachedThreadPool(new DaemonThreads());
          owned = executor;
        }
      }
    }
    return executor;
  }

  private void finished() {
    if (unfinished.decrementAndGet() == 0) {
      synchronized (idle) {
        idle.notifyAll();
      }
    }
  }

  /** One asynchronous handler call. */
  private final class Call implements Runnable {
    private final Subscriber subscriber;
    private final Object listener;
    private final Object message;
    private final Envelope envelope;

    Call(Subscriber subscriber, Object listener, Object message, Envelope envelope) {
      this.subscriber = subscriber;
      this.listener = listener;
      this.message = message;
      this.envelope = envelope;
    }

    @Override
    public void run() {
      try {
        if (!subscriber.isRetired()) {
          bus.invokeOffThread(subscriber, listener, message, envelope);
        }
      } finally {
        finished();
      }
    }
  }

  /**
   * The calls waiting for one handler that must not run concurrently with itself: at most
   * one task drains it at a time.
   */
  static final class Mailbox implements Runnable {
    private final ConcurrentLinkedQueue<Runnable> calls = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();

    void enqueue(Runnable call, AsyncDeliveries deliveries) {
      calls.add(call);
      if (draining.compareAndSet(false, true)) {
        try {
          deliveries.executor().execute(this);
        } catch (RejectedExecutionException rejected) {
          calls.remove(call);
          draining.set(false);
          throw rejected;
        }
      }
    }

    @Override
    public void run() {
      while (true) {
        Runnable call;
        while ((call = calls.poll()) != null) {
          call.run();
        }
        draining.set(false);
        // a call may have arrived after the last poll and before the flag went down
        if (calls.isEmpty() || !draining.compareAndSet(false, true)) {
          return;
        }
      }
    }
  }

  /** Threads that do not keep the JVM alive. */
  private static final class DaemonThreads implements ThreadFactory {
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable task) {
      Thread thread = new Thread(task, "herald-async-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    }
  }
}
