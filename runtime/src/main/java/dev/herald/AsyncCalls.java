package dev.herald;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@code @Subscribe(async = true)} handlers on the bus's executor, one call at a time per
 * handler unless it is marked {@code concurrent}, and keeps count of the calls not yet finished so
 * that {@link MessageBus#shutdown} can wait for them. A call the executor refuses is reported to
 * the error handler and counted as finished, never left waiting.
 */
final class AsyncCalls {
  /** The asynchronous calls of the bus whose call the current thread is running, if any. */
  private static final ThreadLocal<AsyncCalls> RUNNING = new ThreadLocal<>();

  private final Failures failures;
  private final Executor given;
  private ExecutorService owned;
  private boolean ownedShutDown;
  private final AtomicInteger unfinished = new AtomicInteger();

  /** The lanes' calls taken and not finished, which shutdown waits for too. */
  private final AtomicInteger unfinishedOnLanes = new AtomicInteger();

  private final Object idle = new Object();

  /** Set when shutdown stops taking calls: a post still under way is refused from then on. */
  private volatile boolean refusing;

  /** Set when shutdown returns: a call accepted before but not started by then never runs. */
  private volatile boolean stopped;

  /** Set while shutdown waits: every call that finishes wakes it. */
  private volatile boolean awaiting;

  /** The depth at which the calls are recorded for JFR, each time they reach it from below. */
  private final int depthThreshold;

  AsyncCalls(Failures failures, Executor given, int depthThreshold) {
    this.failures = failures;
    this.given = given;
    this.depthThreshold = depthThreshold;
  }

  /**
   * How many calls were taken and have not finished: waiting for the executor, or running; lanes'
   * calls are counted by their lanes.
   */
  int depth() {
    return unfinished.get();
  }

  /**
   * Schedules one call; counted as unfinished until it has run or was refused.
   *
   * @throws BusClosedException if the bus no longer takes calls: the post that reached this handler
   *     was under way when shutdown began, and came too late for it to wait
   */
  void submit(Subscriber subscriber, Object listener, Object message, Envelope envelope) {
    // Counted first, then the flag read; shutdown sets the flag, then reads the count (both
    // volatile), so either this call sees the flag or shutdown sees the call and waits for it.
    if (unfinished.incrementAndGet() == depthThreshold) { // one at a time: only from below
      FlightEvents.queueDepth("async", depthThreshold);
    }
    if (refusing) {
      finished();
      throw new BusClosedException(
          "Cannot call "
              + subscriber.row.description
              + " with "
              + message
              + ": the bus is closed. The post was under way when shutdown began and reached this"
              + " asynchronous handler after the shutdown stopped taking calls");
    }
    Call call = new Call(this, subscriber, listener, message, envelope);
    if (subscriber.mailbox != null) {
      subscriber.mailbox.enqueue(call, this);
      return;
    }
    try {
      executor().execute(call);
    } catch (RuntimeException refused) {
      Call.refuseAll(List.of(call), refused);
    }
  }

  /**
   * Counts {@code calls} a lane takes for {@code message}, so that shutdown waits for them as for
   * its own; each is {@link #finishedLaneCalls finished} once run, skipped or refused.
   *
   * @throws BusClosedException if shutdown stopped taking calls, as {@link #submit} does
   */
  void takeLaneCalls(int calls, Lane lane, Object message) {
    unfinishedOnLanes.addAndGet(calls);
    if (refusing) {
      finishedLaneCalls(calls);
      throw new BusClosedException(
          "Cannot hand "
              + message
              + " to lane "
              + lane.name
              + ": the bus is closed. The post was under way when shutdown began and reached the"
              + " lane after the shutdown stopped taking calls");
    }
  }

  /** Counts {@code calls} of a lane as done: run, skipped after the shutdown, or refused. */
  void finishedLaneCalls(int calls) {
    unfinishedOnLanes.addAndGet(-calls);
    notifyIfNearlyIdle();
  }

  /** Whether shutdown has returned: a call taken but not started must not run any more. */
  boolean isStopped() {
    return stopped;
  }

  /** From now on a call is refused: {@link #submit} throws {@link BusClosedException}. */
  void refuseNewCalls() {
    refusing = true;
  }

  /**
   * Waits until every call has run, or {@code timeoutNanos} have passed, or the thread is
   * interrupted; then stops: a call not started by then never runs. Returns how many calls had not
   * finished, those never to run and those still running. Called from inside an asynchronous call,
   * it does not wait for that call itself; from inside a lane's call, nor for the calls queued
   * behind it on that lane, which only its own thread could run.
   */
  int awaitIdleThenStop(long timeoutNanos) {
    Lane runningLane = Lane.runningOn(this);
    int own = RUNNING.get() == this || runningLane != null ? 1 : 0;
    long deadline = System.nanoTime() + timeoutNanos;
    awaiting = true;
    try {
      synchronized (idle) {
        while (unfinishedCalls()
            > (runningLane == null ? own : own + runningLane.unfinishedCalls() - 1)) {
          long left = deadline - System.nanoTime();
          if (left <= 0) {
            break;
          }
          TimeUnit.NANOSECONDS.timedWait(idle, left);
        }
      }
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    } finally {
      stopped = true;
    }
    return unfinishedCalls() - own;
  }

  private int unfinishedCalls() {
    return unfinished.get() + unfinishedOnLanes.get();
  }

  /** Stops the executor if the bus made it; later calls are refused. */
  synchronized void shutdownOwnExecutor() {
    ownedShutDown = true;
    if (owned != null) {
      owned.shutdown();
    }
  }

  synchronized Executor executor() {
    if (given != null) {
      return given;
    }
    if (ownedShutDown) {
      throw new BusClosedException("The bus is closed: its executor is shut down");
    }
    if (owned == null) {
      owned = Executors.newCachedThreadPool(new DaemonThreads());
    }
    return owned;
  }

  private void finished() {
    unfinished.decrementAndGet();
    notifyIfNearlyIdle();
  }

  /**
   * Wakes a waiting shutdown when no call is left but, perhaps, the one that called it, or when it
   * waits for fewer (a lane's calls stuck behind the one that called it).
   */
  private void notifyIfNearlyIdle() {
    if (unfinishedCalls() <= 1 || awaiting) {
      synchronized (idle) {
        idle.notifyAll();
      }
    }
  }

  /** One asynchronous handler call. */
  static final class Call implements Runnable {
    private final AsyncCalls owner;
    private final Subscriber subscriber;
    private final Object listener;
    private final Object message;
    private final Envelope envelope;

    Call(
        AsyncCalls owner,
        Subscriber subscriber,
        Object listener,
        Object message,
        Envelope envelope) {
      this.owner = owner;
      this.subscriber = subscriber;
      this.listener = listener;
      this.message = message;
      this.envelope = envelope;
    }

    @Override
    public void run() {
      AsyncCalls outer = RUNNING.get();
      RUNNING.set(owner);
      try {
        // the registration's flag, not the node's: this runs on another thread
        if (!owner.stopped && !subscriber.registration.isClosed()) {
          owner.failures.invokeOffThread(subscriber, listener, message, envelope);
        }
      } finally {
        RUNNING.set(outer);
        owner.finished();
      }
    }

    /**
     * The executor would not take these calls: they are over, and the error handler hears why.
     * Refuses every call: all are counted finished first, then each is reported; if the error
     * handler throws, the first exception propagates after the last report.
     */
    static void refuseAll(List<Call> calls, RuntimeException why) {
      for (Call call : calls) {
        call.owner.finished();
      }
      RuntimeException first = null;
      for (Call call : calls) {
        try {
          call.owner.failures.report(why, call.subscriber, call.listener, call.message);
        } catch (RuntimeException thrown) {
          first = first == null ? thrown : first;
        }
      }
      if (first != null) {
        throw first;
      }
    }
  }

  /**
   * The calls waiting for one handler that must not run concurrently with itself: at most one task
   * drains it at a time.
   */
  static final class Mailbox implements Runnable {
    private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();
    private volatile AsyncCalls owner;

    void enqueue(Call call, AsyncCalls owner) {
      this.owner = owner;
      calls.add(call);
      scheduleDrain();
    }

    /** Starts a task to drain the queue, unless one is draining it already. */
    private void scheduleDrain() {
      if (!draining.compareAndSet(false, true)) {
        return; // the task draining now will take it
      }
      try {
        owner.executor().execute(this);
      } catch (RuntimeException refused) {
        // nobody will drain: give up every call waiting here, including those other
        // threads queued while this one held the flag
        draining.set(false);
        List<Call> stranded = new ArrayList<>();
        Call waiting;
        while ((waiting = calls.poll()) != null) {
          stranded.add(waiting);
        }
        Call.refuseAll(stranded, refused);
      }
    }

    @Override
    public void run() {
      try {
        drain();
      } catch (VirtualMachineError fatal) {
        // It propagates, as every VirtualMachineError does, but the calls queued behind the
        // failed one must not wait for a later post to this handler that may never come.
        draining.set(false);
        if (!calls.isEmpty()) {
          try {
            scheduleDrain();
          } catch (RuntimeException reportFailed) {
            fatal.addSuppressed(reportFailed);
          }
        }
        throw fatal;
      }
    }

    private void drain() {
      do {
        try {
          Call call;
          while ((call = calls.poll()) != null) {
            call.run();
          }
        } finally {
          draining.set(false);
        }
        // a call may have arrived after the last poll and before the flag went down
      } while (!calls.isEmpty() && draining.compareAndSet(false, true));
    }
  }

  /**
   * Threads that do not keep the JVM alive, nor any class loader. A pool makes its threads on
   * whichever thread submits, maybe in the middle of a plugin's handler: made as they are, they
   * would keep that thread's context class loader and the access-control context of every frame on
   * its stack, so the plugin's class loader, for as long as they live.
   */
  private static final class DaemonThreads implements ThreadFactory {
    private static final ClassLoader HERALDS = DaemonThreads.class.getClassLoader();

    private final AtomicInteger count = new AtomicInteger();

    @Override
    @SuppressWarnings("removal") // on JDKs that no longer capture a context, this just runs it
    public Thread newThread(Runnable task) {
      return java.security.AccessController.doPrivileged(new Make(task, count.incrementAndGet()));
    }

    /** Makes one thread, with only Herald's own frames on the stack above it. */
    private static final class Make implements java.security.PrivilegedAction<Thread> {
      private final Runnable task;
      private final int number;

      Make(Runnable task, int number) {
        this.task = task;
        this.number = number;
      }

      @Override
      public Thread run() {
        Thread thread = new Thread(task, "herald-async-" + number);
        thread.setDaemon(true);
        thread.setContextClassLoader(HERALDS);
        return thread;
      }
    }
  }
}
