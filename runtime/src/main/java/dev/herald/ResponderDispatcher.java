package dev.herald;

import dev.herald.bridge.Responder;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.HandlerInfo;
import java.util.List;

/** The dispatcher of a {@link Responder}: one hidden handler that takes the envelope. */
final class ResponderDispatcher extends Dispatcher<Responder<Object>> {

  ResponderDispatcher(Class<?> messageType) {
    super(Responder.class, HandlerInfo.of("respond", messageType).withEnvelope().hidden());
  }

  @Override
  public void call(int handler, Responder<Object> listener, Object message) {
    throw noSuchHandler(handler); // the handler takes an envelope: the bus calls invoke
  }

  @Override
  public Object invoke(int handler, Responder<Object> listener, Object message, Object envelope)
      throws Exception {
    return new Replies(listener.respond(message, (Envelope) envelope));
  }

  /**
   * Several replies from one handler. Package-private, so only a responder or a forwarder can
   * return it: a {@code @Subscribe} method returning a list still gives the list as one reply.
   */
  static final class Replies {
    final List<?> replies;

    Replies(List<?> replies) {
      if (replies == null) {
        throw new NullPointerException(
            "A Responder or Forwarder returned null: return List.of() for no replies");
      }
      this.replies = replies;
    }
  }
}
