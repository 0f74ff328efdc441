package dev.herald;

import dev.herald.spi.HandlerCall;

/**
 * The handlers of one message class as a plain post calls them, when every one of them may
 * simply be called: each handler's call bound at registration, and at the same index the
 * {@link Subscriber} it was bound for. Never changed but for {@link #stale}:
 * {@link HandlersForClass} makes a new one whenever its handlers change, and marks the one it
 * replaces, so a post making these calls learns that a handler was added or closed meanwhile.
 */
final class DirectCalls {
  final HandlerCall[] calls;
  private final HandlerList.Node[] subscribers;
  /** Whose calls these are. */
  final HandlersForClass handlers;
  /**
   * Set, under the registry's lock, when the handlers changed and these calls were replaced:
   * a post making them stops and finishes on the careful path. A plain field: the thread that
   * closes a handler during its own post sees it at once, and any other thread sees it once it
   * has synchronized with the change, as for {@link HandlerList.Node#retire}.
   */
  boolean stale;

  DirectCalls(HandlersForClass handlers, HandlerList.Node[] subscribers) {
    this.handlers = handlers;
    this.subscribers = subscribers;
    this.calls = new HandlerCall[subscribers.length];
    for (int i = 0; i < subscribers.length; i++) {
      calls[i] = ((Subscriber) subscribers[i]).call;
    }
  }

  Subscriber subscriber(int i) {
    return (Subscriber) subscribers[i];
  }

  /** The array of subscribers these calls were made from, as {@link HandlerList#nodes()} gave it. */
  HandlerList.Node[] subscribers() {
    return subscribers;
  }
}
