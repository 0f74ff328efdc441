package dev.herald;

/**
 * Herald's {@link System.Logger}, made on first use: {@code System.getLogger} starts the logging
 * machinery, which a program that never logs should not pay for at start-up.
 */
final class Logging {
  private Logging() {}

  static System.Logger logger() {
    return Holder.LOGGER;
  }

  private static final class Holder {
    static final System.Logger LOGGER = System.getLogger("dev.herald");
  }
}
