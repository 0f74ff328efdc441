package dev.herald.nats;

/**
 * The message each thread is importing, while it delivers it on the bus or answers it: the one
 * message the exporter must not send back out. Each thread has its own mark, so the client's
 * threads importing and the program's threads posting never see each other's, and a message a
 * handler posts while it handles an import is exported as any other (unless it is that very object:
 * an enum constant, say).
 */
final class ImportingThreads {
  /**
   * Made on the threads that import; for a thread that only posts, asking leaves an empty entry in
   * its thread-local map, and no mark is made.
   */
  private final ThreadLocal<Mark> marks = new ThreadLocal<>();

  /**
   * The mark made or looked up last, null until a thread imports: the client usually imports on one
   * thread, which then finds its mark here without a thread-local lookup, and a bridge that only
   * exports asks nothing more of its posting threads. A mark names its thread, so a thread only
   * ever takes its own from here; and a thread that made a mark finds one here (its own write, or
   * another thread's since), never null.
   */
  private volatile Mark last;

  /** This thread's mark, made on its first import. */
  Mark mark() {
    Mark mark = last;
    if (mark != null && mark.owner == Thread.currentThread()) {
      return mark;
    }
    mark = marks.get();
    if (mark == null) {
      mark = new Mark(Thread.currentThread());
      marks.set(mark);
    }
    last = mark;
    return mark;
  }

  /** Whether {@code message} is the one this thread is importing. */
  boolean isImporting(Object message) {
    Mark mark = last;
    if (mark == null) {
      return false; // no thread has imported
    }
    if (mark.owner != Thread.currentThread()) {
      mark = marks.get();
    }
    return mark != null && mark.message == message;
  }

  /** What one thread is importing. */
  static final class Mark {
    /** The thread whose mark it is: the only one that reads or changes it. */
    final Thread owner;

    private Object message;

    private Mark(Thread owner) {
      this.owner = owner;
    }

    /**
     * Marks {@code importing} (null for nothing) as this thread's import.
     *
     * @return what was marked before, to be put back when this import ends
     */
    Object swap(Object importing) {
      Object before = message;
      message = importing;
      return before;
    }
  }
}
