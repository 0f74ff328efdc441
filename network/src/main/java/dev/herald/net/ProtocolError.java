package dev.herald.net;

/**
 * What was wrong with a packet that was rejected. A rejected packet executes nothing and
 * acknowledges nothing. (A datagram without the connection's token is not rejected with an error:
 * it is dropped unread and counted, see {@link ConnectionCounters#foreignPackets()}.)
 *
 * @since 0.1
 */
public enum ProtocolError {
  /** The packet is longer than the configured maximum packet size. */
  PACKET_TOO_LARGE("packet is longer than the maximum packet size"),
  /** The packet ends in the middle of a field. */
  TRUNCATED("packet ends in the middle of a field"),
  /** The flags byte has bits this version does not know. */
  UNKNOWN_FLAGS("packet has unknown flag bits"),
  /** A payload length field is malformed (longer than its maximum encoding). */
  MALFORMED_LENGTH("payload length field is malformed"),
  /** A payload length runs past the end of the packet. */
  LENGTH_OVERRUN("payload length runs past the end of the packet"),
  /** A message depends on itself. */
  SELF_DEPENDENCY("message depends on itself"),
  /** A message depends on a message newer than itself. */
  FUTURE_DEPENDENCY("message depends on a newer message"),
  /** A message depends on a message further back than the window. */
  DEPENDENCY_OUT_OF_WINDOW("message depends on a message outside the window"),
  /** A message lists the same dependency twice. */
  DUPLICATE_DEPENDENCY("message lists the same dependency twice"),
  /** A message lists more dependencies than the configured maximum. */
  TOO_MANY_DEPENDENCIES("message lists more dependencies than allowed"),
  /**
   * A message's sequence lies a window or more after the packet's oldest unconfirmed message: the
   * sender never has a message outstanding that far ahead.
   */
  MESSAGE_OUTSIDE_WINDOW("message lies outside the sender's window"),
  /** The packet acknowledges a packet this side never sent. */
  ACK_OF_UNSENT_PACKET("packet acknowledges a packet that was never sent"),
  /** The packet says messages were executed that this side never sent. */
  ACK_OF_UNSENT_MESSAGE("packet acknowledges a message that was never sent"),
  /** The packet's sequence number jumps implausibly far ahead of everything received. */
  PACKET_SEQUENCE_JUMP("packet sequence number jumps too far ahead");

  private final String description;

  ProtocolError(String description) {
    this.description = description;
  }

  /** Returns a short human-readable description. */
  public String description() {
    return description;
  }
}
