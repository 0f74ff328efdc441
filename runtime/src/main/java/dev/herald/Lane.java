package dev.herald;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A named delivery lane: an executor given to the bus's builder under a name ({@code lane("ui",
 * Platform::runLater)}), and one queue of messages in front of it. Every message for the lane's
 * handlers enters the queue once, with all of them, so each handler of the lane receives messages
 * in the one order they entered it, one call at a time: however many threads post, no handler of a
 * lane sees two messages in a different order than another.
 *
 * <p>The lane hands the executor one task at a time, which delivers what is queued, then returns;
 * the executor may be a single UI thread or a pool. Its calls are counted with the bus's
 * asynchronous ones, so that shutdown waits for them: once it has returned, a call still queued
 * never runs.
 */
final class Lane implements Runnable {
  /** The lane whose call the current thread is running, if any. */
  private static final ThreadLocal<Lane> RUNNING = new ThreadLocal<>();

  final String name;
  private final Executor executor;
  private final Failures failures;
  private final AsyncCalls calls;
  private final ArrayDeque<Batch> queue = new ArrayDeque<>();

  /** Whether a task of this lane is with the executor; guarded by {@code queue}. */
  private boolean scheduled;

  /** This lane's calls taken and not finished: the bus's count of them, for this lane alone. */
  private final AtomicInteger unfinished = new AtomicInteger();

  /** The depth at which the queue is recorded for JFR, each time it reaches it from below. */
  private final int depthThreshold;

  /** The lanes a bus was built with, by name, in the order they were given. */
  static Map<String, Lane> named(
      Map<String, Executor> executors, Failures failures, AsyncCalls calls, int depthThreshold) {
    Map<String, Lane> lanes = new LinkedHashMap<>();
    for (Map.Entry<String, Executor> lane : executors.entrySet()) {
      lanes.put(
          lane.getKey(), new Lane(lane.getKey(), lane.getValue(), failures, calls, depthThreshold));
    }
    return Collections.unmodifiableMap(lanes);
  }

  Lane(String name, Executor executor, Failures failures, AsyncCalls calls, int depthThreshold) {
    this.name = name;
    this.executor = executor;
    this.failures = failures;
    this.calls = calls;
    this.depthThreshold = depthThreshold;
  }

  /**
   * Queues one message's calls of this lane's handlers, in delivery order.
   *
   * @throws BusClosedException if the bus's shutdown no longer takes calls
   */
  void submit(Batch batch) {
    unfinished.addAndGet(batch.subscribers.size());
    try {
      calls.takeLaneCalls(batch.subscribers.size(), this, batch.message);
    } catch (BusClosedException refused) {
      unfinished.addAndGet(-batch.subscribers.size());
      throw refused;
    }
    boolean reachedThreshold;
    boolean start;
    synchronized (queue) {
      queue.add(batch);
      reachedThreshold = queue.size() == depthThreshold; // one at a time: only from below
      start = !scheduled;
      scheduled = true;
    }
    if (reachedThreshold) {
      FlightEvents.queueDepth("lane " + name, depthThreshold);
    }
    if (start) {
      handToExecutor();
    }
  }

  /**
   * Gives the executor this lane's task, which the caller has marked {@code scheduled}. If the
   * executor refuses, nothing runs what is queued now: each call is counted finished, then reported
   * to the error handler; the first exception the error handler throws propagates after the last
   * report, as for refused asynchronous calls.
   */
  private void handToExecutor() {
    try {
      executor.execute(this);
    } catch (RuntimeException rejected) {
      List<Batch> refused;
      synchronized (queue) {
        refused = new ArrayList<>(queue);
        queue.clear();
        scheduled = false;
      }
      for (Batch each : refused) {
        finished(each.subscribers.size());
      }
      RuntimeException first = null;
      for (Batch each : refused) {
        for (int i = 0; i < each.subscribers.size(); i++) {
          try {
            failures.report(rejected, each.subscribers.get(i), each.listeners.get(i), each.message);
          } catch (RuntimeException thrown) {
            first = first == null ? thrown : first;
          }
        }
      }
      if (first != null) {
        throw first;
      }
    }
  }

  /** Delivers what is queued, in order, one call at a time. */
  @Override
  public void run() {
    while (true) {
      Batch batch;
      synchronized (queue) {
        batch = queue.poll();
        if (batch == null) {
          scheduled = false;
          return;
        }
      }
      deliver(batch);
    }
  }

  private void deliver(Batch batch) {
    for (int i = 0; i < batch.subscribers.size(); i++) {
      Subscriber subscriber = batch.subscribers.get(i);
      try {
        if (!subscriber.isRetired() && !calls.isStopped()) {
          Lane outer = RUNNING.get();
          RUNNING.set(this);
          try {
            failures.invokeOffThread(
                subscriber, batch.listeners.get(i), batch.message, batch.envelopes.get(i));
          } finally {
            RUNNING.set(outer);
          }
        }
      } catch (VirtualMachineError fatal) {
        // It propagates, as every VirtualMachineError does, but the calls behind the failed one
        // (the message's other handlers, the messages queued) must not wait for a later post
        // to this lane that may never come: this task ends here, and another takes them.
        handOnAfter(batch, i + 1, fatal);
        throw fatal;
      } finally {
        finished(1);
      }
    }
  }

  /** Queues the calls of {@code batch} from {@code next} first, and a new task for the queue. */
  private void handOnAfter(Batch batch, int next, VirtualMachineError fatal) {
    boolean start;
    synchronized (queue) {
      if (next < batch.subscribers.size()) {
        queue.addFirst(batch.from(next));
      }
      start = !queue.isEmpty();
      scheduled = start;
    }
    if (start) {
      try {
        handToExecutor();
      } catch (RuntimeException reportFailed) {
        fatal.addSuppressed(reportFailed);
      }
    }
  }

  private void finished(int count) {
    unfinished.addAndGet(-count);
    calls.finishedLaneCalls(count);
  }

  /**
   * The lane of {@code calls}'s bus whose call the current thread is running, or null: a shutdown
   * called from that call does not wait for it, nor for the calls queued behind it, which no thread
   * can run before it returns.
   */
  static Lane runningOn(AsyncCalls calls) {
    Lane lane = RUNNING.get();
    return lane != null && lane.calls == calls ? lane : null;
  }

  /** The calls this lane has taken and not finished, the running one included. */
  int unfinishedCalls() {
    return unfinished.get();
  }

  /** How many messages wait in the queue, besides the one being delivered. */
  int depth() {
    synchronized (queue) {
      return queue.size();
    }
  }

  @Override
  public String toString() {
    return "Lane[" + name + "]";
  }

  /** The calls one message makes on one lane. */
  static final class Batch {
    final Lane lane;
    final Object message;
    final List<Subscriber> subscribers = new ArrayList<>(2);
    final List<Object> listeners = new ArrayList<>(2);
    final List<Envelope> envelopes = new ArrayList<>(2);

    Batch(Lane lane, Object message) {
      this.lane = lane;
      this.message = message;
    }

    void add(Subscriber subscriber, Object listener, Envelope envelope) {
      subscribers.add(subscriber);
      listeners.add(listener);
      envelopes.add(envelope);
    }

    /** The calls of this batch from {@code first} on, as a batch of their own. */
    Batch from(int first) {
      Batch rest = new Batch(lane, message);
      for (int i = first; i < subscribers.size(); i++) {
        rest.add(subscribers.get(i), listeners.get(i), envelopes.get(i));
      }
      return rest;
    }
  }
}
