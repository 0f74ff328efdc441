package dev.herald.net.udp;

import dev.herald.net.ConnectionError;

/**
 * Why a peer is gone, or never came.
 *
 * @since 0.1
 */
public enum DisconnectReason {
  /** This side called {@link UdpNode#disconnect} or {@link UdpNode#close}. */
  CLOSED_HERE,
  /** The peer said goodbye with a disconnect packet. */
  CLOSED_BY_PEER,
  /** Nothing arrived from the peer for the connection timeout. */
  TIMED_OUT,
  /**
   * The reliable layer could not keep its promise (a message lost for good, never acknowledged, or
   * a dependency that never came): see {@link Peer#connectionError()}.
   */
  CONNECTION_FAILED,
  /** The client's handshake was not answered within the handshake timeout. */
  HANDSHAKE_TIMED_OUT,
  /** The server already had as many peers as it accepts. */
  SERVER_FULL,
  /**
   * On a server: a new client completed the handshake from this peer's address with a cookie minted
   * after this peer's, so this peer is taken to be gone (a client that crashed and came back on the
   * same port, or behind a NAT that keeps ports) and its connection ends at once rather than after
   * the connection timeout.
   */
  REPLACED,
  /**
   * The peer sent more messages that could not be read than {@link
   * NodeConfig#maxUnreadableMessages()} allows: packets the reliable layer rejected, and messages
   * the listener reported with {@link UdpNode#reportUnreadable} (for a {@code UdpBridge}, messages
   * that did not decode). It is told with a disconnect packet.
   */
  UNREADABLE_MESSAGES;

  static DisconnectReason of(ConnectionError error) {
    return error == ConnectionError.PEER_SILENT ? TIMED_OUT : CONNECTION_FAILED;
  }
}
