package dev.herald.net;

/** Why a connection failed. A failed connection sends and executes nothing more. */
public enum ConnectionError {
  /** Nothing arrived from the peer for the connection timeout. */
  PEER_SILENT,
  /**
   * A received message waited for its dependencies for the connection timeout plus one
   * second: a message it depends on is lost for good.
   */
  DEPENDENCY_NEVER_ARRIVED,
  /**
   * A sent message stayed unacknowledged for the connection timeout plus one second although
   * the peer kept sending.
   */
  MESSAGE_NEVER_ACKNOWLEDGED,
  /**
   * The peer counts as executed a message that never arrived here, so it will never send it
   * again: an acknowledgement was forged or altered on the way, or the peer is broken. Noticed
   * as soon as a packet says the peer's oldest unconfirmed message lies past one not executed
   * here; no message that depends on the lost one has executed.
   */
  MESSAGE_LOST
}
