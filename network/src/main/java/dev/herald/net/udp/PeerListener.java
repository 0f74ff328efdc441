package dev.herald.net.udp;

import java.util.Arrays;

/**
 * Receives what a {@link UdpNode} hears from its peers. Called on the thread that runs {@link
 * UdpNode#update()} (the node's own thread if it was {@linkplain UdpNode#start() started}), never
 * concurrently.
 *
 * @since 0.1
 */
public interface PeerListener {

  /** A peer completed the handshake; messages may be sent to it from now on. */
  void onConnected(Peer peer);

  /**
   * One reliable message from {@code peer}: called exactly once per message, after every message it
   * depends on.
   *
   * @param payload owned by the listener from now on
   */
  void onMessage(Peer peer, byte[] payload);

  /**
   * One reliable message from {@code peer}, as {@link #onMessage(Peer, byte[])}, whose payload is
   * the {@code length} bytes of {@code buffer} from {@code offset}, lent for the call only (the
   * node reuses the buffer). A listener that overrides this reads the message where it arrived and
   * nothing is allocated for it; the default copies it and calls {@link #onMessage(Peer, byte[])}.
   */
  default void onMessage(Peer peer, byte[] buffer, int offset, int length) {
    onMessage(peer, Arrays.copyOfRange(buffer, offset, offset + length));
  }

  /**
   * One unreliable snapshot from {@code peer}: sent once, never resent, and dropped if a newer one
   * from the same peer arrived first. The default ignores it.
   */
  default void onSnapshot(Peer peer, byte[] payload) {}

  /**
   * One unreliable snapshot from {@code peer}, as {@link #onSnapshot(Peer, byte[])}, whose payload
   * is the {@code length} bytes of {@code buffer} from {@code offset}, lent for the call only (the
   * node reuses the buffer). A listener that overrides this reads the snapshot where it arrived and
   * nothing is allocated for it; the default copies it and calls {@link #onSnapshot(Peer, byte[])}.
   */
  default void onSnapshot(Peer peer, byte[] buffer, int offset, int length) {
    onSnapshot(peer, Arrays.copyOfRange(buffer, offset, offset + length));
  }

  /** The peer is gone (or, for a client, never came); called once per peer. */
  void onDisconnected(Peer peer, DisconnectReason reason);
}
