package dev.herald.nats;

/**
 * The message each thread is importing, while it delivers it on the bus or answers it: the one
 * message the exporter must not send back out. Each thread has its own mark, so the client's
 * threads importing and the program's threads posting never see each other's, and a message a
 * handler posts while it handles an import is exported as any other (unless it is that very
 * object: an enum constant, say).
 */
final class ImportingThreads {
  /**
   * Made on the threads that import; for a thread that only posts, asking leaves an empty entry
   * in its thread-local map, and no mark is made.
   */
  private final ThreadLocal<Mark> marks = new ThreadLocal<>();
  /**
   * Whether any thread has made a mark: until one has, no message can be marked, and a bridge
   * that only exports never looks its posting threads' marks up. A thread that made a mark has
   * seen its own write of this, whatever other threads see.
   */
  private volatile boolean anyMarks;

  /** This thread's mark, made on its first import. */
  Mark mark() {
    Mark mark = marks.get();
    if (mark == null) {
      mark = new Mark(Thread.currentThread());
      anyMarks = true;
      marks.set(mark);
    }
    return mark;
  }

  /** Whether {@code message} is the one this thread is importing. */
  boolean isImporting(Object message) {
    if (!anyMarks) {
      return false;
    }
    Mark mark = marks.get();
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
