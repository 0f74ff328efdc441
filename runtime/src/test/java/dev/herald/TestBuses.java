package dev.herald;

/** The buses tests make: a handler's failure fails the test instead of being logged. */
final class TestBuses {
  private TestBuses() {}

  /** A bus whose error handler rethrows. */
  static MessageBus rethrowing() {
    return rethrowingBuilder().build();
  }

  /** A builder for a bus whose error handler rethrows, to configure further. */
  static MessageBus.Builder rethrowingBuilder() {
    return MessageBus.builder().errorHandler(ErrorHandler.rethrowing());
  }
}
