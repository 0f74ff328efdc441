package dev.herald;

/**
 * A checked exception thrown by a handler, rethrown by {@link ErrorHandler#rethrowing()}.
 *
 * @since 0.1
 */
public final class HandlerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient ErrorContext context;

  HandlerException(ErrorContext context, Throwable cause) {
    super("Herald: " + context + " threw " + cause, cause);
    this.context = context;
  }

  /** Where the handler failed. */
  public ErrorContext context() {
    return context;
  }
}
