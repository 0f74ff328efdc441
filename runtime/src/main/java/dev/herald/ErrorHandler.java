package dev.herald;

/**
 * Receives the exceptions thrown by handlers. A handler that throws never stops delivery to the
 * other handlers: the bus catches the exception, gives it here, and goes on. A {@link
 * VirtualMachineError} is not caught; it propagates out of {@code post}.
 *
 * <p>The error handler runs on the posting thread, inside {@code post}. An exception it throws
 * propagates out of {@code post} and ends that delivery; that is how {@link #rethrowing()} works,
 * and why the default only logs.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ErrorHandler {

  /** Called with what a handler threw and where. */
  void handle(Throwable error, ErrorContext context);

  /** The default: logs the failure at {@code ERROR} through {@link System.Logger} "dev.herald". */
  static ErrorHandler logging() {
    return LoggingErrorHandler.INSTANCE;
  }

  /**
   * For tests: rethrows the handler's exception out of {@code post}, as is when it is unchecked,
   * wrapped in a {@link HandlerException} when it is checked. Delivery of that message stops there.
   */
  static ErrorHandler rethrowing() {
    return RethrowingErrorHandler.INSTANCE;
  }
}
