package dev.herald;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Executor;

/** An executor that runs its tasks only when the test says so, on the test's thread. */
final class ManualExecutor implements Executor {
  private final Deque<Runnable> tasks = new ArrayDeque<>();

  @Override
  public synchronized void execute(Runnable task) {
    tasks.add(task);
  }

  /** Runs the queued tasks, and those they queue, until there are none. */
  void runAll() {
    Runnable task;
    while ((task = next()) != null) {
      task.run();
    }
  }

  /** Runs the oldest queued task alone; what it throws propagates. */
  void runOne() {
    next().run();
  }

  synchronized int queued() {
    return tasks.size();
  }

  private synchronized Runnable next() {
    return tasks.poll();
  }
}
