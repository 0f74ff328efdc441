package dev.herald;

/** {@link ErrorHandler#logging()}. */
final class LoggingErrorHandler implements ErrorHandler {
  static final LoggingErrorHandler INSTANCE = new LoggingErrorHandler();

  @Override
  public void handle(Throwable error, ErrorContext context) {
    String text =
        context.handler() == null
            ? "Herald: " + error.getMessage()
            : "Herald: " + context + " threw " + error;
    Logging.logger().log(System.Logger.Level.ERROR, text, error);
  }
}
