package dev.herald;

/**
 * The plain posts of a bus built with {@link MessageBus.Builder#postEvents}: while a recording has
 * the {@code dev.herald.Post} event enabled, each is recorded with its message type, the handlers
 * that ran and its duration; otherwise it costs one check of that. A bus built without the option
 * posts through {@link PlainPosts} itself, and none of this code runs.
 */
final class RecordedPlainPosts extends PlainPosts {
  RecordedPlainPosts(
      Router router, Registry registry, Failures failures, BreadthFirst breadthFirst) {
    super(router, registry, failures, breadthFirst);
  }

  @Override
  int post(Object message) {
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
