package dev.herald.jcstress;

/** The messages the tests post: one class per role, so that each post finds its own calls. */
final class Messages {
  private Messages() {}

  static final class Ping {}

  static final class Pong {}

  /** Posted when a test's bus is made, so that the last post's calls are another class's. */
  static final class Warmup {}
}
