package dev.herald.net.udp;

/**
 * Receives what a {@link UdpNode} hears from its peers. Called on the thread that runs
 * {@link UdpNode#update()} (the node's own thread if it was {@linkplain UdpNode#start()
 * started}), never concurrently.
 */
public interface PeerListener {

  /** A peer completed the handshake; messages may be sent to it from now on. */
  void onConnected(Peer peer);

  /**
   * One reliable message from {@code peer}: called exactly once per message, after every
   * message it depends on.
   *
   * @param payload owned by the listener from now on
   */
  void onMessage(Peer peer, byte[] payload);

  /**
   * One unreliable snapshot from {@code peer}: sent once, never resent, and dropped if a newer
   * one from the same peer arrived first. The default ignores it.
   */
  default void onSnapshot(Peer peer, byte[] payload) {}

  /** The peer is gone (or, for a client, never came); called once per peer. */
  void onDisconnected(Peer peer, DisconnectReason reason);
}
