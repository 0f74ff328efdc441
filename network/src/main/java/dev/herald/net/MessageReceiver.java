package dev.herald.net;

import java.util.Arrays;

/**
 * Receives what a {@link Connection} delivers. Called on the thread that calls {@link
 * Connection#receive} or {@link Connection#update}.
 *
 * @since 0.1
 */
public interface MessageReceiver {

  /**
   * Executes one message. Called exactly once per message, after every message it depends on.
   *
   * @param sequence the message's 15-bit sequence number
   * @param payload the payload, owned by the listener from now on
   */
  void onMessage(int sequence, byte[] payload);

  /**
   * Executes one message whose payload is the {@code length} bytes of {@code buffer} from {@code
   * offset}, lent for the call only: the connection reuses the buffer afterwards. A listener that
   * overrides this reads the message where it arrived, and the connection allocates nothing for it;
   * the default copies the payload and calls {@link #onMessage(int, byte[])}.
   */
  default void onMessage(int sequence, byte[] buffer, int offset, int length) {
    onMessage(sequence, Arrays.copyOfRange(buffer, offset, offset + length));
  }

  /** Reports that the connection failed; called once. The default does nothing. */
  default void onConnectionError(ConnectionError error) {}
}
