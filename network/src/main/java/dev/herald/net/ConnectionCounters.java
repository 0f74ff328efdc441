package dev.herald.net;

/**
 * What a {@link Connection} has done so far: a live view, read on the connection's thread.
 *
 * @since 0.1
 */
public final class ConnectionCounters {

  long packetsSent;
  long packetsReceived;
  long messagesSent;
  long retransmissions;
  long probes;
  long packetsLost;
  long queueFullRefusals;
  long snapshotsSent;
  long snapshotsReplaced;
  long headerBytesSent;
  long messagesExecuted;
  long foreignPackets;
  long latePackets;
  long duplicatePackets;
  long duplicateMessages;
  long refusedMessages;
  long protocolErrors;

  ConnectionCounters() {}

  /** Packets handed out by {@link Connection#poll()}. */
  public long packetsSent() {
    return packetsSent;
  }

  /**
   * Packets given to {@link Connection#receive} that carried the token and decoded, whatever became
   * of them.
   */
  public long packetsReceived() {
    return packetsReceived;
  }

  /** Messages written into packets, retransmissions included. */
  public long messagesSent() {
    return messagesSent;
  }

  /**
   * Packets with messages declared lost because packets sent after them were acknowledged first (by
   * count, or by 9/8 of the round trip): their messages were resent at once.
   */
  public long packetsLost() {
    return packetsLost;
  }

  /** Sends refused with {@link SendStatus#QUEUE_FULL}: the budget's queue was full. */
  public long queueFullRefusals() {
    return queueFullRefusals;
  }

  /** Snapshots handed out by {@link Connection#pollSnapshot}. */
  public long snapshotsSent() {
    return snapshotsSent;
  }

  /** Snapshots replaced by a newer one before the budget let them leave. */
  public long snapshotsReplaced() {
    return snapshotsReplaced;
  }

  /** Messages written again: their packet was declared lost, or their probe timeout passed. */
  public long retransmissions() {
    return retransmissions;
  }

  /**
   * Probes sent: packets of the messages sent longest ago, sent because the probe timeout passed
   * with nothing acknowledged. Each doubles the timeout until a packet with messages is
   * acknowledged, so a peer that stops reading for seconds costs a few of these, not a resend of
   * everything in flight.
   */
  public long probes() {
    return probes;
  }

  /**
   * Bytes of per-message header written: 2 for the sequence number and 2 per dependency not yet
   * known executed. Divided by {@link #messagesSent()}, this approaches 2 once dependencies are
   * acknowledged.
   */
  public long headerBytesSent() {
    return headerBytesSent;
  }

  /** Messages delivered to the listener. */
  public long messagesExecuted() {
    return messagesExecuted;
  }

  /**
   * Datagrams dropped unread because they did not carry this connection's token: too short to hold
   * one, or holding another (forged by someone who cannot see the traffic, or meant for another
   * connection).
   */
  public long foreignPackets() {
    return foreignPackets;
  }

  /**
   * Packets that arrived after more than 64 newer ones: read (their messages executed or recognised
   * as duplicates like any others), but too old to be acknowledged on their own.
   */
  public long latePackets() {
    return latePackets;
  }

  /** Packets ignored because the same packet had already been read. */
  public long duplicatePackets() {
    return duplicatePackets;
  }

  /** Messages ignored because they had already arrived, however long ago. */
  public long duplicateMessages() {
    return duplicateMessages;
  }

  /** Messages dropped unacknowledged because waiting for dependencies would exceed the caps. */
  public long refusedMessages() {
    return refusedMessages;
  }

  /** Packets rejected with a {@link ProtocolException}. */
  public long protocolErrors() {
    return protocolErrors;
  }
}
