package dev.herald.net;

/**
 * Why a connection failed. A failed connection sends and executes nothing more.
 *
 * @since 0.1
 */
public enum ConnectionError {
  /** Nothing arrived from the peer for the connection timeout. */
  PEER_SILENT,
  /**
   * A received message waited for a dependency for the {@linkplain Connection#waitTimeout() wait
   * timeout}, longer than the peer could have kept trying to deliver it: the peer is broken.
   */
  DEPENDENCY_NEVER_ARRIVED,
  /**
   * A sent message stayed unacknowledged for the {@linkplain Connection#messageTimeout() message
   * timeout} (the longer of the connection timeout plus one second and 16 retransmission timeouts)
   * although the peer kept sending.
   */
  MESSAGE_NEVER_ACKNOWLEDGED,
  /**
   * The peer counts as executed a message that never arrived here, so it will never send it again:
   * an acknowledgement was forged or altered on the way, or the peer is broken. Noticed as soon as
   * a packet says the peer's oldest unconfirmed message lies past one not executed here; no message
   * that depends on the lost one has executed.
   */
  MESSAGE_LOST
}
