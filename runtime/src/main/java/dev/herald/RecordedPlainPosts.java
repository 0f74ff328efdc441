package dev.herald;

import jdk.jfr.FlightRecorder;

/**
 * The plain posts of a bus built with {@link MessageBus.Builder#postEvents}: while a recording has
 * the {@code dev.herald.Post} event enabled, each is recorded with its message type, the handlers
 * that ran and its duration; otherwise it costs a read of whether the recorder has started and,
 * once it has, a check of whether a recording wants the event. A bus built without the option posts
 * through {@link PlainPosts} itself, and none of this code runs (nor is this class loaded: {@link
 * #of} keeps it out of {@link Router}'s verification).
 */
final class RecordedPlainPosts extends PlainPosts {
  private RecordedPlainPosts(
      Router router, Registry registry, Failures failures, BreadthFirst breadthFirst) {
    super(router, registry, failures, breadthFirst);
  }

  /**
   * A bus's plain posts, recorded. Typed as {@link PlainPosts} so that the verifier of the caller
   * need not load this class to check an assignment: once loaded, this override of {@code post}
   * would keep the JIT from treating {@code PlainPosts.post} as the only one, and every bus's post
   * would pay a type check.
   */
  static PlainPosts of(
      Router router, Registry registry, Failures failures, BreadthFirst breadthFirst) {
    return new RecordedPlainPosts(router, registry, failures, breadthFirst);
  }

  @Override
  int post(Object message) {
    if (!FlightRecorder.isInitialized()) { // no event class is touched before the recorder starts
      return super.post(message);
    }
    FlightEvents.PostEvent event = new FlightEvents.PostEvent();
    if (!event.isEnabled()) {
      return super.post(message);
    }
    event.begin();
    int handlers = super.post(message);
    event.end();
    if (event.shouldCommit()) {
      event.messageType = message.getClass();
      event.handlers = handlers;
      event.commit();
    }
    return handlers;
  }
}
