package dev.herald.nats;

/**
 * The message each thread is importing, while it delivers it on the bus or answers it: the one
 * message the exporter must not send back out. Each thread has its own mark, so the client's
 * threads importing and the program's threads posting never see each other's, and a message a
 * handler posts while it handles an import is exported as any other.
 */
final class ImportingThreads {
  /** Set on the threads that import; a thread that only posts has none. */
  private final ThreadLocal<Mark> marks = new ThreadLocal<>();

  /** Marks {@code message} as this thread's import until {@link Mark#end}. */
  Mark begin(Object message) {
    Mark mark = marks.get();
    if (mark == null) {
      mark = new Mark();
      marks.set(mark);
    }
    mark.message = message;
    return mark;
  }

  /** Whether {@code message} is the one this thread is importing. */
  boolean isImporting(Object message) {
    Mark mark = marks.get();
    return mark != null && mark.message == message;
  }

  /** One thread's import under way. */
  static final class Mark {
    private Object message;

    void end() {
      message = null;
    }
  }
}
