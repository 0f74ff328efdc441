package dev.herald.nats;

/**
 * The bridge lost its connection to the NATS server. The client reconnects by itself; until then,
 * what is exported waits in its bounded buffer (see {@link NatsBridge.Builder#publishBufferBytes}),
 * and what does not fit is dropped and reported as a {@link MessageDroppedException}. A {@link
 * NatsConnectionEvent} is posted on the bus too.
 *
 * @since 0.1
 */
public final class ConnectionLostException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  ConnectionLostException(String server) {
    super(
        "Lost the connection to the NATS server "
            + server
            + "; reconnecting. Exports are buffered meanwhile, up to the bridge's bound",
        null,
        null);
  }
}
