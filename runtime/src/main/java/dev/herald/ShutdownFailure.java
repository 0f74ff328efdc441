package dev.herald;

/** Throws what escaped a delivery during a shutdown, unchecked as it was or wrapped. */
final class ShutdownFailure {

  /** Throws {@code failure}; the return type lets callers write {@code throw rethrow(e)}. */
  static RuntimeException rethrow(Throwable failure) {
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    throw new IllegalStateException("A queued message failed while the bus shut down", failure);
  }

  private ShutdownFailure() {}
}
