package dev.herald;

/** {@link ErrorHandler#logging()}. */
final class LoggingErrorHandler implements ErrorHandler {
  static final LoggingErrorHandler INSTANCE = new LoggingErrorHandler();

  private static final System.Logger LOGGER = System.getLogger("dev.herald");

  @Override
  public void handle(Throwable error, ErrorContext context) {
    LOGGER.log(System.Logger.Level.ERROR, "Herald: " + context + " threw " + error, error);
  }
}
