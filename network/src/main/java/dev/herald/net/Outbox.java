package dev.herald.net;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The sending half of a {@link Connection}: each message from {@code send} until it is known
 * executed, the packets that carried it, and the round trip their acknowledgements measure.
 */
final class Outbox {

  private static final OutgoingMessage[] NO_MESSAGES = new OutgoingMessage[0];

  private final ConnectionCounters counters;
  private final long minMessageTimeoutNanos;
  private final SendWindow window;
  private final ArrayDeque<OutgoingMessage> unsent = new ArrayDeque<>();
  /** Sent, maybe unacknowledged messages, ordered by when they were last sent. */
  private final ArrayDeque<OutgoingMessage> awaitingAck = new ArrayDeque<>();
  private final SentPackets sentPackets = new SentPackets();
  private final RoundTripEstimator roundTrip;
  private final OutgoingMessage[] packetContents;
  private final int[] dependencyScratch;

  private int nextPacketSequence;
  private boolean anyPacketSent;

  Outbox(ConnectionConfig config, ConnectionCounters counters) {
    this.counters = counters;
    this.minMessageTimeoutNanos = config.minMessageTimeoutNanos();
    this.window = new SendWindow(config.window());
    this.roundTrip = new RoundTripEstimator(config.initialRetransmitNanos(),
        config.minRetransmitNanos(), config.maxRetransmitNanos());
    this.packetContents = new OutgoingMessage[PacketFormat.maxMessagesPerPacket(config.maxPacketSize())];
    this.dependencyScratch = new int[config.maxDependencies()];
  }

  boolean isFull() {
    return window.isFull();
  }

  /** Message numbers taken from the window: from the oldest not known executed to the next. */
  int outstanding() {
    return window.outstanding();
  }

  /** Queues a message; the caller checked {@link #isFull()}. */
  OutgoingMessage add(Connection owner, byte[] payload, OutgoingMessage[] dependencies) {
    OutgoingMessage message = window.add(owner, payload, dependencies);
    unsent.addLast(message);
    return message;
  }

  /** The oldest message not known executed: a packet's {@code unconfirmedFrom}. */
  int unconfirmedFrom() {
    return window.floor();
  }

  /** The number the next packet will carry. */
  int nextPacketSequence() {
    return nextPacketSequence;
  }

  /**
   * Writes into the packet that {@code writer} has begun the messages whose retransmission
   * timeout has passed, then new messages, as many as fit; returns how many.
   */
  int writeMessages(PacketWriter writer, long now) {
    int count = writeRetransmissions(writer, now, 0);
    return writeNewMessages(writer, now, count);
  }

  private int writeRetransmissions(PacketWriter writer, long now, int count) {
    long timeout = roundTrip.timeoutNanos();
    while (!awaitingAck.isEmpty()) {
      OutgoingMessage message = awaitingAck.peekFirst();
      if (message.acknowledged) {
        awaitingAck.removeFirst();
        continue;
      }
      if (now - message.lastSentNanos < timeout || !write(writer, message, now, count)) {
        break;
      }
      count++;
      counters.retransmissions++;
      awaitingAck.removeFirst();
      awaitingAck.addLast(message);
    }
    return count;
  }

  private int writeNewMessages(PacketWriter writer, long now, int count) {
    while (!unsent.isEmpty()) {
      OutgoingMessage message = unsent.peekFirst();
      if (!write(writer, message, now, count)) {
        break;
      }
      count++;
      unsent.removeFirst();
      message.firstSentNanos = now;
      awaitingAck.addLast(message);
    }
    return count;
  }

  private boolean write(PacketWriter writer, OutgoingMessage message, long now, int count) {
    int dependencyCount = message.listedDependencies(dependencyScratch);
    if (PacketWriter.messageSize(dependencyCount, message.payload.length) > writer.remaining()) {
      return false;
    }
    writer.writeMessage(message.number, dependencyScratch, dependencyCount, message.payload);
    packetContents[count] = message;
    message.lastSentNanos = now;
    counters.messagesSent++;
    counters.headerBytesSent += PacketFormat.messageHeaderSize(dependencyCount);
    return true;
  }

  /** Records that the packet with the {@code count} messages just written went out. */
  void packetSent(long now, int count) {
    sentPackets.record(nextPacketSequence, now, count == 0 ? NO_MESSAGES : Arrays.copyOf(packetContents, count));
    Arrays.fill(packetContents, 0, count, null);
    nextPacketSequence++;
    anyPacketSent = true;
  }

  /** Checks that the decoded packet acknowledges only packets and messages that were sent. */
  void checkAcknowledgements(PacketDecoder decoder) throws ProtocolException {
    if (decoder.hasAck()) {
      int ack = decoder.ack();
      if (!anyPacketSent || ack - (nextPacketSequence - 1) > 0) {
        throw new ProtocolException(ProtocolError.ACK_OF_UNSENT_PACKET, "packet " + Integer.toUnsignedString(ack)
            + (anyPacketSent ? ", newest sent is " + Integer.toUnsignedString(nextPacketSequence - 1) : ", none sent yet"));
      }
    }
    int firstUnsent = unsent.isEmpty() ? window.next() : unsent.peekFirst().number;
    if (decoder.executedBefore() - firstUnsent > 0) {
      throw new ProtocolException(ProtocolError.ACK_OF_UNSENT_MESSAGE, "executed before message "
          + Integer.toUnsignedString(decoder.executedBefore()) + ", but the first not sent yet is " + Integer.toUnsignedString(firstUnsent));
    }
  }

  /** Applies the acknowledgements of a decoded, checked packet. */
  void acknowledge(PacketDecoder decoder, long now) {
    if (decoder.hasAck()) {
      int ack = decoder.ack();
      int ackBits = decoder.ackBits();
      acknowledgePacket(ack, now, true, decoder.messageCount() > 0);
      for (int i = 0; i < PacketFormat.ACK_BITS; i++) {
        if ((ackBits & (1 << i)) != 0) {
          // Only the newest acknowledged packet gives a round-trip sample: the older ones may
          // have been acknowledged before and are only repeated here.
          acknowledgePacket(ack - 1 - i, now, false, false);
        }
      }
    }
    window.acknowledgeBefore(decoder.executedBefore());
  }

  private void acknowledgePacket(int packetSequence, long now, boolean newest, boolean acknowledgedWithMessages) {
    OutgoingMessage[] messages = sentPackets.acknowledge(packetSequence);
    if (messages == null) {
      return;
    }
    // The peer acknowledges a packet with messages at once. An empty one it acknowledges only
    // in whatever it sends next (acknowledging acknowledgements would echo forever): messages,
    // which it sends as soon as it has them, or a keep-alive, which may come a whole interval
    // later. So an empty packet's acknowledgement is timed only when it comes with messages:
    // that is how a side that sends nothing but acknowledgements measures the round trip.
    if (newest && (messages.length > 0 || acknowledgedWithMessages)) {
      roundTrip.sample(now - sentPackets.sentAtNanos(packetSequence));
    }
    for (OutgoingMessage message : messages) {
      window.acknowledge(message);
    }
  }

  /** How long the oldest message not known executed has been sent and unacknowledged; 0 if none is. */
  long oldestUnacknowledgedFor(long now) {
    OutgoingMessage oldest = window.oldestUnexecuted();
    if (oldest == null || !oldest.wasSent() || oldest.acknowledged) {
      return 0;
    }
    return now - oldest.firstSentNanos;
  }

  long retransmitTimeoutNanos() {
    return roundTrip.timeoutNanos();
  }

  /** The longer of the minimum message timeout and the retransmission timeouts before giving up. */
  long messageTimeoutNanos() {
    long retransmissions = ConnectionConfig.RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP * roundTrip.timeoutNanos();
    return Math.max(minMessageTimeoutNanos, retransmissions);
  }

  /** Forgets every message: the connection has failed. */
  void clear() {
    unsent.clear();
    awaitingAck.clear();
  }
}
