package dev.herald;

/** {@link ErrorHandler#logging()}. */
final class LoggingErrorHandler implements ErrorHandler {
  static final LoggingErrorHandler INSTANCE = new LoggingErrorHandler();

  @Override
  public void handle(Throwable error, ErrorContext context) {
    Logging.logger()
        .log(System.Logger.Level.ERROR, "Herald: " + context + " threw " + error, error);
  }
}
