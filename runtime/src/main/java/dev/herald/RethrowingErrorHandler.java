package dev.herald;

/** {@link ErrorHandler#rethrowing()}. */
final class RethrowingErrorHandler implements ErrorHandler {
  static final RethrowingErrorHandler INSTANCE = new RethrowingErrorHandler();

  @Override
  public void handle(Throwable error, ErrorContext context) {
    if (error instanceof RuntimeException) {
      throw (RuntimeException) error;
    }
    if (error instanceof Error) {
      throw (Error) error;
    }
    throw new HandlerException(context, error);
  }
}
