package dev.herald.net;

import dev.herald.time.Ticker;
import java.time.Duration;
import java.util.Objects;

/**
 * One end of a reliable, dependency-ordered link to a peer, over any datagram transport.
 *
 * <p>The connection does no I/O: the caller {@linkplain #receive hands it} every datagram from the
 * peer, sends every packet {@link #poll()} returns, and calls {@link #update()} regularly (each
 * frame or tick) so timeouts are noticed. Time comes from the {@link Ticker}.
 *
 * <p>What it promises: every message {@linkplain #send sent} is delivered to the peer's {@link
 * MessageReceiver} exactly once, and only after every message it was declared to depend on; memory
 * on both sides is bounded by the {@link ConnectionConfig} whatever the peer sends. When that
 * cannot be kept (the peer went silent, a message was lost for good) the connection fails with a
 * {@link ConnectionError} and delivers nothing more. Messages with no dependency between them may
 * execute in any order.
 *
 * <p>Both ends hold the same 64-bit token, a value only they know (the handshake that opens the
 * connection agrees on it). Every packet carries it, and a datagram without it is dropped unread
 * and counted ({@link ConnectionCounters#foreignPackets()}), so someone who cannot see the traffic
 * cannot forge an acknowledgement. Someone who can see it can: the token is not a key and nothing
 * is encrypted. An acknowledgement forged or altered that way can end the connection ({@link
 * ConnectionError#MESSAGE_LOST}), but it never makes a message execute before its dependencies,
 * twice, or not at all without the connection failing. (Someone who rewrites every packet in both
 * directions can do anything, until packets are encrypted.)
 *
 * <p>Not thread-safe: drive a connection from one thread.
 *
 * @since 0.1
 */
public final class Connection {

  private static final MessageDependency[] NO_HANDLES = new MessageDependency[0];

  private final ConnectionConfig config;
  private final long token;
  private final Ticker clock;
  private final MessageReceiver listener;
  private final ConnectionCounters counters = new ConnectionCounters();

  private final Outbox outbox;
  private final PacketWriter writer;

  private final ReceivedPackets receivedPackets = new ReceivedPackets();
  private final PacketDecoder decoder;
  private final DependencyGraph graph;
  private final int[] dependencyScratch;
  private final int[] sendScratch;

  private final BandwidthBudget budget;

  /** The latest snapshot not yet sent: replaced by a newer one, never queued. */
  private final byte[] snapshot;

  private int snapshotLength = -1;

  private boolean ackOwed;

  /** Packets with messages recorded since this side last sent a packet. */
  private int packetsToAcknowledge;

  /** The acknowledgement just sent covered a batch: send a second copy. */
  private boolean ackCopyOwed;

  private long lastSendNanos;
  private long lastReceiveNanos;
  private ConnectionError failure;

  /**
   * Creates a connection; the peer's silence is measured from now.
   *
   * @param token the value both ends put in every packet and expect in every packet: agreed on when
   *     the connection is opened, and secret to the two ends (draw it from a {@link
   *     java.security.SecureRandom})
   * @param listener receives the peer's messages in dependency order, and the failure if any
   */
  public Connection(ConnectionConfig config, long token, Ticker clock, MessageReceiver listener) {
    this.config = Objects.requireNonNull(config, "config");
    this.token = token;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.listener = Objects.requireNonNull(listener, "listener");
    this.outbox = new Outbox(config, counters);
    this.writer = new PacketWriter(config.maxPacketSize());
    this.budget = new BandwidthBudget(config.bandwidth());
    this.snapshot = new byte[config.maxPacketSize()];
    this.dependencyScratch = new int[config.maxDependencies()];
    this.sendScratch = new int[config.maxDependencies()];
    this.decoder = new PacketDecoder(config);
    this.graph =
        new DependencyGraph(
            config.window(), config.maxPendingBytes(), new CountingListener(listener, counters));
    long now = clock.nanoTime();
    this.lastSendNanos = now;
    this.lastReceiveNanos = now;
  }

  /**
   * Sends {@code payload} after the messages named by {@code dependsOn}, and returns the new
   * message's handle.
   *
   * @throws IllegalStateException if the window is full or the connection failed; use {@link
   *     #trySend} to get that as a result instead
   * @throws IllegalArgumentException as {@link #trySend} does
   */
  public MessageDependency send(byte[] payload, MessageDependency... dependsOn) {
    MessageDependency handle = new MessageDependency();
    SendStatus status = trySend(handle, payload, dependsOn);
    if (status == SendStatus.WINDOW_FULL) {
      throw new IllegalStateException(
          "send window full: "
              + config.window()
              + " messages are not yet known executed; wait for acknowledgements (see trySend)");
    }
    if (status == SendStatus.QUEUE_FULL) {
      throw new IllegalStateException(
          "the queue of messages waiting for the bandwidth budget is full: "
              + outbox.queuedBytes()
              + " bytes wait; wait until the budget lets them out (see trySend)");
    }
    if (status == SendStatus.CONNECTION_FAILED) {
      throw new IllegalStateException("connection failed: " + failure);
    }
    return handle;
  }

  /**
   * Queues {@code payload} to be executed at the peer after the messages named by {@code
   * dependsOn}, and fills {@code into} with the new message's handle. The payload is copied.
   * Handles whose messages are known executed, together with every message sent before them, are
   * ignored, and so are repeats.
   *
   * @return {@link SendStatus#ACCEPTED}, or why nothing was queued
   * @throws IllegalArgumentException if the payload is larger than {@link
   *     ConnectionConfig#maxPayloadSize()}, {@code into} is already filled, a dependency is empty
   *     or belongs to another connection, or more dependencies than {@link
   *     ConnectionConfig#maxDependencies()} remain after those ignored
   */
  public SendStatus trySend(
      MessageDependency into, byte[] payload, MessageDependency... dependsOn) {
    checkSend(into, payload);
    MessageDependency[] handles = dependsOn == null ? NO_HANDLES : dependsOn;
    int count = 0;
    for (MessageDependency handle : handles) {
      count = collectDependency(handle, count);
    }
    return enqueue(into, payload, count);
  }

  /**
   * Queues {@code payload} with no dependency, as {@link #trySend(MessageDependency, byte[],
   * MessageDependency...)} does with none; no empty array is made for the call.
   */
  public SendStatus trySend(MessageDependency into, byte[] payload) {
    checkSend(into, payload);
    return enqueue(into, payload, 0);
  }

  /**
   * Queues {@code payload} to be executed at the peer after the message named by {@code dependsOn},
   * as {@link #trySend(MessageDependency, byte[], MessageDependency...)} does; with one dependency,
   * no array is made for it.
   */
  public SendStatus trySend(MessageDependency into, byte[] payload, MessageDependency dependsOn) {
    checkSend(into, payload);
    return enqueue(into, payload, collectDependency(dependsOn, 0));
  }

  private void checkSend(MessageDependency into, byte[] payload) {
    Objects.requireNonNull(into, "into");
    Objects.requireNonNull(payload, "payload");
    if (payload.length > config.maxPayloadSize()) {
      throw new IllegalArgumentException(
          "payload of "
              + payload.length
              + " bytes exceeds the maximum of "
              + config.maxPayloadSize()
              + " for packets of "
              + config.maxPacketSize()
              + " bytes");
    }
    if (into.isFilled()) {
      throw new IllegalArgumentException(
          "handle already names message "
              + into.sequence()
              + "; use a new MessageDependency, or clear() this one first");
    }
  }

  private SendStatus enqueue(MessageDependency into, byte[] payload, int dependencyCount) {
    if (failure != null) {
      return SendStatus.CONNECTION_FAILED;
    }
    if (outbox.isFull()) {
      return SendStatus.WINDOW_FULL;
    }
    if (budget.isLimited() && outbox.queuedBytes() + payload.length > config.maxQueuedBytes()) {
      counters.queueFullRefusals++;
      return SendStatus.QUEUE_FULL;
    }
    OutgoingMessage message = outbox.add(payload, 0, payload.length, sendScratch, dependencyCount);
    into.owner = this;
    into.number = message.number;
    return SendStatus.ACCEPTED;
  }

  /**
   * Adds the message {@code handle} names to the {@code count} dependencies gathered in the scratch
   * array, unless it is known executed with every message before it or is there already; returns
   * the new count.
   */
  private int collectDependency(MessageDependency handle, int count) {
    Objects.requireNonNull(handle, "dependency handle");
    if (handle.owner == null) {
      throw new IllegalArgumentException(
          "a dependency handle names no message: it was never filled by a send");
    }
    if (handle.owner != this) {
      throw new IllegalArgumentException(
          "dependency " + handle.sequence() + " belongs to another connection");
    }
    int number = handle.number;
    if (number - outbox.unconfirmedFrom() < 0) {
      return count;
    }
    for (int i = 0; i < count; i++) {
      if (sendScratch[i] == number) {
        return count;
      }
    }
    if (count == config.maxDependencies()) {
      throw new IllegalArgumentException(
          "message depends on more than "
              + config.maxDependencies()
              + " messages not yet known executed, the most allowed");
    }
    sendScratch[count] = number;
    return count + 1;
  }

  /** Whether message {@code number} of this connection is known executed by the peer. */
  boolean isKnownExecuted(int number) {
    return outbox.isKnownExecuted(number);
  }

  /** Reads one datagram from the peer; see {@link #receive(byte[], int, int)}. */
  public void receive(byte[] packet) throws ProtocolException {
    receive(packet, 0, packet.length);
  }

  /**
   * Reads one datagram from the peer: applies its acknowledgements and executes whatever messages
   * it makes ready. A datagram without this connection's token is dropped unread and counted; so
   * are copies of packets already read. Does nothing once the connection has failed. Fails the
   * connection ({@link ConnectionError#MESSAGE_LOST}) if the packet shows that the peer will never
   * send a message that did not arrive.
   *
   * @throws ProtocolException if the packet breaks the protocol; it was then ignored as a whole
   * @throws RuntimeException the first exception the listener threw, after every message that could
   *     execute has
   */
  public void receive(byte[] packet, int offset, int length) throws ProtocolException {
    Objects.checkFromIndexSize(offset, length, packet.length);
    if (failure != null) {
      return;
    }
    if (!PacketFormat.carriesToken(packet, offset, length, token)) {
      counters.foreignPackets++;
      return;
    }
    ReceivedPackets.Verdict verdict;
    try {
      decoder.decode(packet, offset, length);
      outbox.checkAcknowledgements(decoder);
      verdict = receivedPackets.classify(decoder.packetSequence());
    } catch (ProtocolException e) {
      counters.protocolErrors++;
      throw e;
    }
    counters.packetsReceived++;
    if (verdict == ReceivedPackets.Verdict.DUPLICATE) {
      counters.duplicatePackets++;
      return;
    }
    if (verdict == ReceivedPackets.Verdict.LATE) {
      counters.latePackets++;
    }
    long now = clock.nanoTime();
    lastReceiveNanos = now;
    if (decoder.unconfirmedFrom() - graph.floor() > 0) {
      // The peer counts as executed a message that has not executed here, so it will never
      // send it again; the messages of this packet may have left it out of their dependencies.
      fail(ConnectionError.MESSAGE_LOST);
      return;
    }
    outbox.acknowledge(decoder, now);
    offerMessages(now, verdict == ReceivedPackets.Verdict.NEW);
  }

  private void offerMessages(long now, boolean recordable) {
    boolean everyMessageKept = true;
    RuntimeException listenerFailure = null;
    byte[] data = decoder.data();
    for (int i = 0; i < decoder.messageCount(); i++) {
      int dependencyCount = decoder.dependencyCount(i);
      for (int d = 0; d < dependencyCount; d++) {
        dependencyScratch[d] = decoder.dependency(i, d);
      }
      DependencyGraph.Outcome outcome;
      try {
        outcome =
            graph.offer(
                decoder.number(i),
                dependencyScratch,
                dependencyCount,
                data,
                decoder.payloadOffset(i),
                decoder.payloadLength(i),
                now);
      } catch (RuntimeException e) {
        outcome = DependencyGraph.Outcome.ACCEPTED;
        if (listenerFailure == null) {
          listenerFailure = e;
        } else {
          listenerFailure.addSuppressed(e);
        }
      }
      if (outcome == DependencyGraph.Outcome.DUPLICATE) {
        counters.duplicateMessages++;
      } else if (outcome == DependencyGraph.Outcome.REFUSED) {
        counters.refusedMessages++;
        everyMessageKept = false;
      }
    }
    // A packet is acknowledged only if every message in it was kept: acknowledging a dropped
    // message would stop the sender from resending it. A late packet cannot be acknowledged
    // on its own, but what it executed moves the floor, which acknowledges too.
    if (everyMessageKept) {
      if (recordable) {
        receivedPackets.record(decoder.packetSequence());
      }
      if (decoder.messageCount() > 0) {
        ackOwed = true;
        packetsToAcknowledge++;
      }
    }
    if (listenerFailure != null) {
      throw listenerFailure;
    }
  }

  /**
   * Returns the next packet to send to the peer, or null when there is nothing to send now. Call it
   * until it returns null after every {@link #receive} and {@link #update}. A packet carries, in
   * this order, messages of packets found lost (a packet sent three later, or a later one 9/8 of
   * the round trip ago, was acknowledged), a probe once the {@linkplain #probeTimeout() probe
   * timeout} has passed with nothing acknowledged (the messages sent longest ago, as many as fit in
   * this one packet; the timeout then doubles until a packet with messages is acknowledged), new
   * messages, and always the acknowledgements; an empty packet goes out when an acknowledgement is
   * owed or nothing was sent for the keep-alive interval. With a {@linkplain
   * ConnectionConfig#withBandwidth bandwidth budget}, nothing goes out until the budget has room,
   * so call it again on later ticks.
   */
  public byte[] poll() {
    return writePacket() ? writer.finish() : null;
  }

  /**
   * Writes the next packet to send to the peer into {@code into}, as {@link #poll()} returns it,
   * and returns its length; returns 0 when there is nothing to send now. Allocates nothing.
   *
   * @throws IllegalArgumentException if {@code into} is shorter than {@link
   *     ConnectionConfig#maxPacketSize()}
   */
  public int poll(byte[] into) {
    if (into.length < config.maxPacketSize()) {
      throw new IllegalArgumentException(
          "a packet buffer of "
              + into.length
              + " bytes is shorter than the maximum packet size, "
              + config.maxPacketSize());
    }
    return writePacket() ? writer.finishInto(into) : 0;
  }

  /** Writes the next packet into the writer; returns false if there is nothing to send now. */
  private boolean writePacket() {
    if (failure != null) {
      return false;
    }
    long now = clock.nanoTime();
    if (!budget.allowsSend(now)) {
      return false;
    }
    writer.begin(
        token,
        outbox.nextPacketSequence(),
        outbox.unconfirmedFrom(),
        graph.floor(),
        receivedPackets.any(),
        receivedPackets.newest(),
        receivedPackets.ackBits());
    int count = outbox.writeMessages(writer, now);
    boolean keepAliveDue = now - lastSendNanos >= config.keepAliveNanos();
    boolean ackOnly = count == 0;
    if (ackOnly && !ackOwed && !ackCopyOwed && !keepAliveDue) {
      return false;
    }
    // An acknowledgement of a batch of packets, with nothing else to send, goes twice: a
    // sender that sent its whole window in that batch waits for it, and if it were lost, the
    // sender would wait for its probe timeout. Two copies make that a loss of both.
    ackCopyOwed = ackOnly && ackOwed && packetsToAcknowledge >= 2;
    packetsToAcknowledge = 0;
    outbox.packetSent(now, count);
    budget.spend(now, writer.length());
    ackOwed = false;
    lastSendNanos = now;
    counters.packetsSent++;
    return true;
  }

  /**
   * Holds {@code length} bytes of {@code payload} from {@code offset} as the latest snapshot (a
   * latest-state message: sent once, never resent), replacing one not yet sent; the caller sends it
   * when {@link #pollSnapshot} hands it out. The bytes are copied.
   *
   * @throws IllegalArgumentException if the snapshot is longer than the maximum packet size
   */
  public void offerSnapshot(byte[] payload, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, payload.length);
    if (length > snapshot.length) {
      throw new IllegalArgumentException(
          "snapshot of " + length + " bytes exceeds the maximum packet size, " + snapshot.length);
    }
    if (snapshotLength >= 0) {
      counters.snapshotsReplaced++;
    }
    System.arraycopy(payload, offset, snapshot, 0, length);
    snapshotLength = length;
  }

  /**
   * Copies the latest snapshot into {@code into} at {@code offset} and returns its length, if there
   * is one and the {@linkplain ConnectionConfig#withBandwidth budget} lets a datagram of it and
   * {@code framing} more bytes leave now; returns -1 otherwise. Snapshots yield to reliable
   * messages: call it once {@link #poll()} has nothing more to send.
   */
  public int pollSnapshot(byte[] into, int offset, int framing) {
    if (failure != null || snapshotLength < 0) {
      return -1;
    }
    long now = clock.nanoTime();
    if (!budget.allowsSend(now)) {
      return -1;
    }
    int length = snapshotLength;
    System.arraycopy(snapshot, 0, into, offset, length);
    snapshotLength = -1;
    budget.spend(now, length + framing);
    counters.snapshotsSent++;
    return length;
  }

  /** Payload bytes of messages accepted but not yet sent once: what waits for the budget. */
  public long queuedBytes() {
    return outbox.queuedBytes();
  }

  /**
   * Notices timeouts: fails the connection if the peer has been silent for the connection timeout,
   * if the oldest sent message has gone unacknowledged for the {@linkplain #messageTimeout()
   * message timeout}, or if a received message has waited for a dependency for {@linkplain
   * #waitTimeout() longer than the peer would keep trying}.
   */
  public void update() {
    if (failure != null) {
      return;
    }
    long now = clock.nanoTime();
    if (now - lastReceiveNanos >= config.connectionTimeoutNanos()) {
      fail(ConnectionError.PEER_SILENT);
    } else if (outbox.oldestUnacknowledgedFor(now) >= outbox.messageTimeoutNanos()) {
      fail(ConnectionError.MESSAGE_NEVER_ACKNOWLEDGED);
    } else if (graph.hasExpired(now, config.waitTimeoutNanos())) {
      fail(ConnectionError.DEPENDENCY_NEVER_ARRIVED);
    }
  }

  /**
   * The earliest time at which {@link #update()}, {@link #poll()} or {@link #pollSnapshot} may have
   * something to do with no datagram received and nothing sent meanwhile: the peer's silence
   * reaching the connection timeout, a message reaching its message timeout or its wait timeout, a
   * packet counting as lost, a probe or a keep-alive falling due, or, for what waits to be sent (a
   * message, an acknowledgement, a snapshot), the bandwidth budget having room. A time already past
   * when something is due now, or the connection has failed. Between this time and the next {@link
   * #receive} or send, calling them is useless, so a node of many connections visits each only at
   * its deadline. It may be early (the call then finds nothing to do) but is never late.
   *
   * <p>Cheap, and allocates nothing: a few comparisons.
   */
  public long nextDeadlineNanos() {
    if (failure != null) {
      return lastSendNanos;
    }
    // The timeouts of update(), which the budget does not hold back.
    long deadline = lastReceiveNanos + config.connectionTimeoutNanos();
    deadline = outbox.messageTimeoutDeadline(deadline);
    deadline = graph.expiryDeadline(deadline, config.waitTimeoutNanos());
    // The sends of poll(): a keep-alive, what is owed or waits, a loss, a probe; they leave only
    // when the budget has room.
    long send = lastSendNanos + config.keepAliveNanos();
    if (ackOwed || ackCopyOwed || snapshotLength >= 0) {
      send = lastSendNanos; // due at once
    }
    send = outbox.sendDeadline(send, lastSendNanos);
    return Deadlines.earlier(deadline, budget.notBefore(send));
  }

  private void fail(ConnectionError error) {
    failure = error;
    graph.discardAll();
    outbox.clear();
    listener.onConnectionError(error);
  }

  /** Returns why the connection failed, or null while it has not. */
  public ConnectionError failure() {
    return failure;
  }

  /** Returns how many more messages may be sent before the window is full. */
  public int sendWindowAvailable() {
    return config.window() - outbox.outstanding();
  }

  /** Messages received and waiting for their dependencies. */
  public int waitingMessages() {
    return graph.waitingCount();
  }

  /** Payload bytes held by messages waiting for their dependencies. */
  public long waitingBytes() {
    return graph.waitingBytes();
  }

  /** Nodes of the receive graph: waiting messages and placeholders for messages awaited. */
  public int graphNodes() {
    return graph.nodeCount();
  }

  /**
   * Entries the receiver keeps to time out messages that wait for their dependencies: at most twice
   * the window, however rarely {@link #update} is called.
   */
  public int trackedArrivals() {
    return graph.trackedArrivals();
  }

  /**
   * How long a sent message may go unacknowledged before the connection fails: the longer of {@link
   * ConnectionConfig#minMessageTimeout()} and the time {@value
   * ConnectionConfig#RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} unanswered probes take from the current
   * retransmission timeout, each twice as long as the one before up to {@link
   * ConnectionConfig#maxRetransmitTimeout()}, so that a message gets as many tries on a slow link
   * as on a fast one, backoff or not.
   */
  public Duration messageTimeout() {
    return Duration.ofNanos(outbox.messageTimeoutNanos());
  }

  /**
   * How long a received message may wait for a dependency before the connection fails: {@link
   * ConnectionConfig#waitTimeout()}, the longest {@linkplain #messageTimeout() message timeout} the
   * peer can have. A peer that is still trying to deliver the dependency is given every try; a peer
   * that gave up on it fails and falls silent, which ends this side too ({@link
   * ConnectionError#PEER_SILENT}); one that believes it delivered is caught at once ({@link
   * ConnectionError#MESSAGE_LOST}). This limit is for a peer that does none of these.
   */
  public Duration waitTimeout() {
    return config.waitTimeout();
  }

  /**
   * The smoothed round trip to the peer, estimated from the acknowledgements of packets as RFC 9002
   * does (a packet's own, never a resent one's: messages are resent in new packets); null until the
   * first acknowledgement gave a sample.
   */
  public Duration roundTrip() {
    long nanos = outbox.roundTripNanos();
    return nanos < 0 ? null : Duration.ofNanos(nanos);
  }

  /**
   * The retransmission timeout estimated from the round trip: the probe timeout while every probe
   * has been answered.
   */
  public Duration retransmitTimeout() {
    return Duration.ofNanos(outbox.retransmitTimeoutNanos());
  }

  /**
   * How long after the last send, with nothing acknowledged, the next probe goes out: the {@link
   * #retransmitTimeout()} doubled for each probe sent since a packet with messages was last
   * acknowledged (RFC 9002's backoff), at most {@link ConnectionConfig#maxRetransmitTimeout()}.
   */
  public Duration probeTimeout() {
    return Duration.ofNanos(outbox.probeTimeoutNanos());
  }

  /** The live counters of this connection. */
  public ConnectionCounters counters() {
    return counters;
  }

  /** The token this connection puts in every packet and expects in every packet. */
  public long token() {
    return token;
  }

  /** The settings this connection was made with. */
  public ConnectionConfig config() {
    return config;
  }
}
