package dev.herald.net;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The sending half of a {@link Connection}: each message from {@code send} until it is known
 * executed, the packets that carried it, and the round trip their acknowledgements measure.
 *
 * <p>Loss is detected as RFC 9002 does it: a packet counts as lost once one sent {@value
 * SentPackets#PACKET_THRESHOLD} later is acknowledged, or once a later one is acknowledged and 9/8
 * of the round trip has passed since it was sent; its messages that were not acknowledged otherwise
 * are resent at once, ahead of everything else. A message whose packets are all in flight past the
 * probe timeout (a loss at the tail, with nothing later to reveal it) is resent then, in a probe of
 * one packet; the probe timeout doubles after each probe until a packet with messages is
 * acknowledged.
 */
final class Outbox {

  /**
   * Where the count of probes stops: 64 doublings take even a 1 ns timeout past any largest one, so
   * counting further would change nothing (and could overflow).
   */
  private static final int MAX_PROBE_BACKOFF = 64;

  private final ConnectionCounters counters;
  private final long minMessageTimeoutNanos;
  private final long maxRetransmitNanos;
  private final SendWindow window;
  private final ArrayDeque<OutgoingMessage> unsent = new ArrayDeque<>();

  /** Messages in packets declared lost, to be resent before anything else. */
  private final MessageQueue lost = new MessageQueue();

  /** Sent, maybe unacknowledged messages, ordered by when they were last sent. */
  private final MessageQueue awaitingAck = new MessageQueue();

  private final SentPackets sentPackets;
  private final RoundTripEstimator roundTrip;
  private final OutgoingMessage[] packetContents;
  private final int[] dependencyScratch;

  private int nextPacketSequence;
  private boolean anyPacketSent;

  /**
   * Probes sent since a packet with messages was last acknowledged (RFC 9002's {@code pto_count}):
   * each doubles the probe timeout.
   */
  private int probeCount;

  /**
   * When the last probe went, if one has: the next waits the doubled timeout from then, however
   * long ago the messages still in flight were first sent, so that probes never come back to back.
   */
  private boolean probed;

  private long lastProbeNanos;

  /**
   * Whether messages were resent as lost and no packet with messages has been acknowledged since.
   * Their loss, revealed in turn, goes to the probe instead: a peer that acknowledges only empty
   * packets (a path that drops large datagrams) would otherwise be sent everything in flight at
   * every keep-alive it answers.
   */
  private boolean resentUnanswered;

  /** Payload bytes of the messages accepted and not yet sent once. */
  private long queuedBytes;

  /**
   * {@link #messageTimeoutNanos()} as last computed, and the retransmission timeout it was computed
   * from: it changes only with the round trip, and every update of every timer asks for it.
   */
  private long messageTimeoutNanos = -1;

  private long messageTimeoutFrom = -1;

  /**
   * {@link #probeTimeoutNanos()} as last computed, and the retransmission timeout and probe count
   * it was computed from: every packet written and every deadline asks for it, and its backoff is a
   * loop of up to a few dozen doublings once probes go unanswered.
   */
  private long probeTimeoutNanos = -1;

  private long probeTimeoutFrom = -1;
  private int probeTimeoutProbes = -1;

  Outbox(ConnectionConfig config, ConnectionCounters counters) {
    this.counters = counters;
    this.minMessageTimeoutNanos = config.minMessageTimeoutNanos();
    this.maxRetransmitNanos = config.maxRetransmitNanos();
    this.window = new SendWindow(config.window());
    this.sentPackets = new SentPackets(config.window());
    this.roundTrip =
        new RoundTripEstimator(
            config.initialRetransmitNanos(),
            config.minRetransmitNanos(),
            config.maxRetransmitNanos());
    this.packetContents =
        new OutgoingMessage[PacketFormat.maxMessagesPerPacket(config.maxPacketSize())];
    this.dependencyScratch = new int[config.maxDependencies()];
  }

  boolean isFull() {
    return window.isFull();
  }

  /** Message numbers taken from the window: from the oldest not known executed to the next. */
  int outstanding() {
    return window.outstanding();
  }

  /** Whether message {@code number}, already sent, is known executed. */
  boolean isKnownExecuted(int number) {
    return window.isKnownExecuted(number);
  }

  /** Payload bytes of the messages accepted and not yet sent once. */
  long queuedBytes() {
    return queuedBytes;
  }

  /** The number the next message will get. */
  int nextMessageNumber() {
    return window.next();
  }

  /** Queues a message, copying the payload; the caller checked {@link #isFull()}. */
  OutgoingMessage add(
      byte[] payload, int offset, int length, int[] dependencies, int dependencyCount) {
    OutgoingMessage message = window.add(payload, offset, length, dependencies, dependencyCount);
    unsent.addLast(message);
    queuedBytes += length;
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
   * Writes into the packet that {@code writer} has begun, as many as fit: the messages of packets
   * known lost, then those whose probe timeout has passed, then new messages; returns how many.
   */
  int writeMessages(PacketWriter writer, long now) {
    long lossTime = sentPackets.lossTimeNanos();
    if (lossTime != Long.MAX_VALUE && now - lossTime >= 0) {
      sentPackets.detectLosses(now, roundTrip.lossDelayNanos(), this);
    }
    int count = writeLost(writer, now, 0);
    count = writeProbe(writer, now, count);
    return writeNewMessages(writer, now, count);
  }

  /**
   * Called by loss detection for each packet declared lost: queues its messages not known to have
   * arrived.
   */
  void packetLost(int packetSequence, int messageCount) {
    if (messageCount > 0) {
      counters.packetsLost++;
    }
    for (int i = 0; i < messageCount; i++) {
      OutgoingMessage message = sentPackets.message(packetSequence, i);
      // Resent since, its newest copy is the one that counts; acknowledged, it arrived.
      // Already resent to no avail: left in flight, for the backed-off probe to resend.
      if (message != null
          && !message.acknowledged
          && message.lastPacket == packetSequence
          && !resentUnanswered) {
        lost.addLast(message, packetSequence);
      }
    }
  }

  private int writeLost(PacketWriter writer, long now, int count) {
    while (!lost.isEmpty()) {
      OutgoingMessage message = lost.first();
      if (!lost.firstIsCurrent()) {
        lost.removeFirst();
        continue;
      }
      if (!write(writer, message, now, count)) {
        break;
      }
      count++;
      counters.retransmissions++;
      lost.removeFirst();
      resentUnanswered = true;
    }
    return count;
  }

  /**
   * Writes a probe once the probe timeout has passed with nothing acknowledged: the messages sent
   * longest ago, as many as are that old and fit in this one packet. RFC 9002's probe, not a resend
   * of everything in flight: a peer that stopped reading (a pause for garbage collection, a slow
   * frame) would otherwise be sent every message in flight at every timeout. Each probe doubles the
   * timeout for the next (up to the largest retransmission timeout), until an acknowledgement shows
   * the peer reads again; losses that acknowledgements reveal are resent whatever the backoff
   * ({@link #writeLost}), once: copies resent as lost and lost again before any message is
   * acknowledged are left to the probe.
   */
  private int writeProbe(PacketWriter writer, long now, int count) {
    OutgoingMessage oldest = oldestAwaitingAck();
    if (oldest == null) {
      return count;
    }
    long timeout = probeTimeoutNanos();
    long quiet = now - oldest.lastSentNanos;
    if (probed) {
      quiet = Math.min(quiet, now - lastProbeNanos);
    }
    if (quiet < timeout) {
      return count;
    }
    int before = count;
    while (!awaitingAck.isEmpty()) {
      OutgoingMessage message = awaitingAck.first();
      if (!awaitingAck.firstIsCurrent()) {
        awaitingAck.removeFirst();
        continue;
      }
      // The queue is in order of sending: a message younger than the timeout, or one already in
      // this packet, means every older one has been taken.
      if (message.lastPacket == nextPacketSequence
          || now - message.lastSentNanos < timeout
          || !write(writer, message, now, count)) {
        break;
      }
      count++;
      counters.retransmissions++;
      awaitingAck.removeFirst();
    }
    if (count > before) {
      probed = true;
      lastProbeNanos = now;
      if (probeCount < MAX_PROBE_BACKOFF) {
        probeCount++;
      }
      counters.probes++;
    }
    return count;
  }

  /** The sent, unacknowledged message sent longest ago, dropping stale entries; null if none. */
  private OutgoingMessage oldestAwaitingAck() {
    while (!awaitingAck.isEmpty()) {
      if (awaitingAck.firstIsCurrent()) {
        return awaitingAck.first();
      }
      awaitingAck.removeFirst();
    }
    return null;
  }

  /**
   * The probe timeout after the probes sent since messages were last acknowledged: the
   * retransmission timeout doubled for each, at most the largest retransmission timeout.
   */
  long probeTimeoutNanos() {
    long timeout = roundTrip.timeoutNanos();
    if (timeout != probeTimeoutFrom || probeCount != probeTimeoutProbes) {
      probeTimeoutNanos = backedOff(timeout, probeCount);
      probeTimeoutFrom = timeout;
      probeTimeoutProbes = probeCount;
    }
    return probeTimeoutNanos;
  }

  private long backedOff(long timeout, int probes) {
    long backedOff = timeout;
    for (int i = 0; i < probes && backedOff < maxRetransmitNanos; i++) {
      backedOff *= 2;
    }
    return Math.min(backedOff, Math.max(timeout, maxRetransmitNanos));
  }

  private int writeNewMessages(PacketWriter writer, long now, int count) {
    while (!unsent.isEmpty()) {
      OutgoingMessage message = unsent.peekFirst();
      if (!write(writer, message, now, count)) {
        break;
      }
      count++;
      unsent.removeFirst();
      queuedBytes -= message.payloadLength;
      message.firstSentNanos = now;
    }
    return count;
  }

  private boolean write(PacketWriter writer, OutgoingMessage message, long now, int count) {
    int dependencyCount = message.listedDependencies(window.floor(), dependencyScratch);
    if (PacketWriter.messageSize(dependencyCount, message.payloadLength) > writer.remaining()) {
      return false;
    }
    writer.writeMessage(
        message.number, dependencyScratch, dependencyCount, message.payload, message.payloadLength);
    packetContents[count] = message;
    message.lastSentNanos = now;
    message.lastPacket = nextPacketSequence;
    awaitingAck.addLast(message, nextPacketSequence);
    counters.messagesSent++;
    counters.headerBytesSent += PacketFormat.messageHeaderSize(dependencyCount);
    return true;
  }

  /** Records that the packet with the {@code count} messages just written went out. */
  void packetSent(long now, int count) {
    sentPackets.record(nextPacketSequence, now, packetContents, count);
    Arrays.fill(packetContents, 0, count, null);
    nextPacketSequence++;
    anyPacketSent = true;
  }

  /** Checks that the decoded packet acknowledges only packets and messages that were sent. */
  void checkAcknowledgements(PacketDecoder decoder) throws ProtocolException {
    if (decoder.hasAck()) {
      int ack = decoder.ack();
      if (!anyPacketSent || ack - (nextPacketSequence - 1) > 0) {
        throw new ProtocolException(
            ProtocolError.ACK_OF_UNSENT_PACKET,
            "packet "
                + Integer.toUnsignedString(ack)
                + (anyPacketSent
                    ? ", newest sent is " + Integer.toUnsignedString(nextPacketSequence - 1)
                    : ", none sent yet"));
      }
    }
    int firstUnsent = unsent.isEmpty() ? window.next() : unsent.peekFirst().number;
    if (decoder.executedBefore() - firstUnsent > 0) {
      throw new ProtocolException(
          ProtocolError.ACK_OF_UNSENT_MESSAGE,
          "executed before message "
              + Integer.toUnsignedString(decoder.executedBefore())
              + ", but the first not sent yet is "
              + Integer.toUnsignedString(firstUnsent));
    }
  }

  /**
   * Applies the acknowledgements of a decoded, checked packet, and declares lost what they show
   * lost.
   */
  void acknowledge(PacketDecoder decoder, long now) {
    if (decoder.hasAck()) {
      int ack = decoder.ack();
      int ackBits = decoder.ackBits();
      boolean any = acknowledgePacket(ack, now, true, decoder.messageCount() > 0);
      for (int i = 0; i < PacketFormat.ACK_BITS; i++) {
        if ((ackBits & (1 << i)) != 0) {
          // Only the newest acknowledged packet gives a round-trip sample: the older ones may
          // have been acknowledged before and are only repeated here.
          any |= acknowledgePacket(ack - 1 - i, now, false, false);
        }
      }
      if (any) {
        sentPackets.detectLosses(now, roundTrip.lossDelayNanos(), this);
      }
    }
    window.acknowledgeBefore(decoder.executedBefore());
  }

  /**
   * Acknowledges one packet and its messages; returns whether it had not been acknowledged before.
   */
  private boolean acknowledgePacket(
      int packetSequence, long now, boolean newest, boolean acknowledgedWithMessages) {
    int count = sentPackets.acknowledge(packetSequence);
    if (count < 0) {
      return false;
    }
    // The peer acknowledges a packet with messages at once. An empty one it acknowledges only
    // in whatever it sends next (acknowledging acknowledgements would echo forever): messages,
    // which it sends as soon as it has them, or a keep-alive, which may come a whole interval
    // later. So an empty packet's acknowledgement is timed only when it comes with messages:
    // that is how a side that sends nothing but acknowledgements measures the round trip.
    if (newest && (count > 0 || acknowledgedWithMessages)) {
      roundTrip.sample(now - sentPackets.sentAtNanos(packetSequence));
    }
    if (count > 0) {
      // The peer reads messages again: probe at the round trip's pace. Not for an empty packet
      // acknowledged: a peer that answers keep-alives but takes no message must not undo the
      // backoff.
      probeCount = 0;
      resentUnanswered = false;
    }
    for (int i = 0; i < count; i++) {
      OutgoingMessage message = sentPackets.message(packetSequence, i);
      if (message != null) {
        window.acknowledge(message);
      }
    }
    return true;
  }

  /**
   * How long the oldest message not known executed has been sent and unacknowledged; 0 if none is.
   */
  long oldestUnacknowledgedFor(long now) {
    OutgoingMessage oldest = window.oldestUnexecuted();
    if (oldest == null || !oldest.wasSent() || oldest.acknowledged) {
      return 0;
    }
    return now - oldest.firstSentNanos;
  }

  /** The smoothed round trip in nanoseconds, or -1 before the first sample. */
  long roundTripNanos() {
    return roundTrip.smoothedNanos();
  }

  long retransmitTimeoutNanos() {
    return roundTrip.timeoutNanos();
  }

  /**
   * The longer of the minimum message timeout and the time {@value
   * ConnectionConfig#RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} probes take when none is answered, each
   * waiting twice as long as the one before, up to the largest retransmission timeout: so a message
   * gets that many tries on every link, backoff or not.
   */
  long messageTimeoutNanos() {
    long timeout = roundTrip.timeoutNanos();
    if (timeout != messageTimeoutFrom) {
      messageTimeoutNanos = computeMessageTimeoutNanos(timeout);
      messageTimeoutFrom = timeout;
    }
    return messageTimeoutNanos;
  }

  private long computeMessageTimeoutNanos(long timeout) {
    long probes = 0;
    for (int i = 0; i < ConnectionConfig.RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP; i++) {
      probes += backedOff(timeout, i);
    }
    return Math.max(minMessageTimeoutNanos, probes);
  }

  /**
   * The earliest of {@code deadline} and the times at which this outbox next has something to send
   * on its own, the clock alone moving: {@code dueNow} (a time already past) if messages wait to be
   * sent, new or of packets found lost; when a packet in flight counts as lost by time; when the
   * probe of the oldest message in flight falls due.
   */
  long sendDeadline(long deadline, long dueNow) {
    if (!unsent.isEmpty() || !lost.isEmpty()) {
      deadline = Deadlines.earlier(deadline, dueNow);
    }
    long lossTime = sentPackets.lossTimeNanos();
    if (lossTime != Long.MAX_VALUE) {
      deadline = Deadlines.earlier(deadline, lossTime);
    }
    OutgoingMessage inFlight = oldestAwaitingAck();
    if (inFlight != null) {
      // writeProbe's test, solved for the time: quiet since both the send and the last probe.
      long quietFrom = inFlight.lastSentNanos;
      if (probed && lastProbeNanos - quietFrom > 0) {
        quietFrom = lastProbeNanos;
      }
      deadline = Deadlines.earlier(deadline, quietFrom + probeTimeoutNanos());
    }
    return deadline;
  }

  /**
   * The earlier of {@code deadline} and the time the oldest message not known executed will have
   * gone unacknowledged for the message timeout ({@link #oldestUnacknowledgedFor}).
   */
  long messageTimeoutDeadline(long deadline) {
    OutgoingMessage oldest = window.oldestUnexecuted();
    if (oldest == null || !oldest.wasSent() || oldest.acknowledged) {
      return deadline;
    }
    return Deadlines.earlier(deadline, oldest.firstSentNanos + messageTimeoutNanos());
  }

  /** Forgets every message: the connection has failed. */
  void clear() {
    unsent.clear();
    queuedBytes = 0;
    lost.clear();
    awaitingAck.clear();
  }
}
