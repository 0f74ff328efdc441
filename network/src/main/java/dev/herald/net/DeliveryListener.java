package dev.herald.net;

/**
 * Receives what a {@link Connection} delivers. Called on the thread that calls
 * {@link Connection#receive} or {@link Connection#update}.
 */
public interface DeliveryListener {

  /**
   * Executes one message. Called exactly once per message, after every message it depends on.
   *
   * @param sequence the message's 15-bit sequence number
   * @param payload the payload, owned by the listener from now on
   */
  void onMessage(int sequence, byte[] payload);

  /** Reports that the connection failed; called once. The default does nothing. */
  default void onConnectionError(ConnectionError error) {}
}
