package dev.herald.net;

import java.time.Duration;

/**
 * The settings of a {@link Connection}: immutable, built from {@link #defaults()} with the {@code
 * with...} methods. Both peers of a link must use the same window, maximum packet size and maximum
 * dependency count.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><td>window</td><td>1,024 messages</td></tr>
 *   <tr><td>maximum packet size</td><td>1,200 bytes</td></tr>
 *   <tr><td>maximum dependencies per message</td><td>32</td></tr>
 *   <tr><td>maximum bytes of payload waiting for dependencies</td><td>1 MiB</td></tr>
 *   <tr><td>connection timeout</td><td>5 s</td></tr>
 *   <tr><td>keep-alive interval</td><td>250 ms</td></tr>
 *   <tr><td>retransmission (probe) timeout</td><td>1 s before the first round trip is
 *       measured, then estimated (RFC 9002: the smoothed round trip plus the larger of four
 *       deviations and 1 ms) and kept at most 5 s; no floor. Doubled after each probe until an
 *       acknowledgement of messages arrives, at most 5 s</td></tr>
 *   <tr><td>message timeout (a sent message unacknowledged)</td><td>the longer of the
 *       connection timeout plus one second and the time {@value
 *       #RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} unanswered probes take, backoff included</td></tr>
 *   <tr><td>wait timeout (a received message waiting for a dependency)</td><td>the longest
 *       message timeout: 80 s</td></tr>
 *   <tr><td>bandwidth budget</td><td>none</td></tr>
 *   <tr><td>payload waiting for the budget</td><td>64 KiB</td></tr>
 * </table>
 *
 * <p>Most losses are not waited for at all: a packet counts as lost, and its messages are resent,
 * as soon as a packet sent three later is acknowledged, or a later one is and 9/8 of the round trip
 * has passed (see {@link Connection}). The retransmission timeout is for the rest (a loss among the
 * last packets sent, with nothing after it to reveal it), and it follows the measured round trip:
 * on a LAN the first probe goes a millisecond or two after the last send. A probe is one packet of
 * the messages sent longest ago, and each probe doubles the timeout (RFC 9002's backoff, at most
 * the largest retransmission timeout) until an acknowledgement of messages brings it back: a peer
 * paused for four seconds (a garbage collection, a slow frame) costs a dozen probes, not every
 * message in flight at every timeout. The message timeout gives a message {@value
 * #RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} such probes: some 25 s on a LAN, about 80 s on a link with
 * a second of latency spread over a second; a silent peer ends the connection sooner, at the
 * connection timeout. A floor ({@link #withRetransmitFloor}) is for links whose round trip jumps
 * far above what was measured (a radio link that sleeps), where even the first probes would go into
 * the pause.
 *
 * <p>Why the window is at most {@value #MAX_WINDOW}: messages carry 15-bit sequences, which each
 * packet's 32-bit {@code unconfirmedFrom} turns back into message numbers (see {@link
 * PacketFormat}); that is unambiguous for any window below half the 15-bit range, and 4,096 keeps
 * each side's per-connection arrays small. Packets are at most {@value #MAX_PACKET_SIZE} bytes so
 * that they are never fragmented on an Ethernet path.
 *
 * @since 0.1
 */
public final class ConnectionConfig {

  /** The largest window allowed (see the class comment for why). */
  public static final int MAX_WINDOW = 4096;

  /** The largest packet allowed: an Ethernet MTU less the IP and UDP headers. */
  public static final int MAX_PACKET_SIZE = 1472;

  /** The smallest packet allowed: room for a header and a small message. */
  public static final int MIN_PACKET_SIZE = 64;

  /**
   * How many probes, each waiting twice as long as the one before (up to the largest retransmission
   * timeout), a message may go unacknowledged before the connection gives up on it (unless the
   * minimum message timeout is longer). At 25 % loss and 25 % duplication each way a copy is lost
   * one time in five, and lost that many times in a row about once in 10^11.
   */
  public static final int RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP = 16;

  /**
   * The longest connection timeout and largest retransmission timeout allowed: 2^58 nanoseconds,
   * about nine years. The wait timeout is {@value #RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} times the
   * largest retransmission timeout and the message timeout a second more than the connection
   * timeout; within this bound both fit a {@code long} of nanoseconds, and every deadline a
   * connection computes lies within 2^62 nanoseconds of the clock, so that two deadlines compare by
   * their difference, as clock readings that may wrap must.
   */
  public static final Duration MAX_TIMEOUT = Duration.ofNanos(1L << 58);

  /** The default for {@link #withMaxQueuedBytes}: 64 KiB. */
  public static final long DEFAULT_MAX_QUEUED_BYTES = 64 * 1024;

  private static final long MILLISECOND = 1_000_000L;
  private static final long SECOND = 1_000 * MILLISECOND;

  private static final ConnectionConfig DEFAULTS =
      new ConnectionConfig(
          1024,
          1200,
          32,
          1 << 20,
          5 * SECOND,
          250 * MILLISECOND,
          SECOND,
          0,
          5 * SECOND,
          0,
          DEFAULT_MAX_QUEUED_BYTES);

  private final int window;
  private final int maxPacketSize;
  private final int maxDependencies;
  private final long maxPendingBytes;
  private final long connectionTimeoutNanos;
  private final long keepAliveNanos;
  private final long initialRetransmitNanos;
  private final long minRetransmitNanos;
  private final long maxRetransmitNanos;
  private final long bytesPerSecond;
  private final long maxQueuedBytes;

  private ConnectionConfig(
      int window,
      int maxPacketSize,
      int maxDependencies,
      long maxPendingBytes,
      long connectionTimeoutNanos,
      long keepAliveNanos,
      long initialRetransmitNanos,
      long minRetransmitNanos,
      long maxRetransmitNanos,
      long bytesPerSecond,
      long maxQueuedBytes) {
    this.bytesPerSecond = bytesPerSecond;
    this.maxQueuedBytes = maxQueuedBytes;
    this.window = window;
    this.maxPacketSize = maxPacketSize;
    this.maxDependencies = maxDependencies;
    this.maxPendingBytes = maxPendingBytes;
    this.connectionTimeoutNanos = connectionTimeoutNanos;
    this.keepAliveNanos = keepAliveNanos;
    this.initialRetransmitNanos = initialRetransmitNanos;
    this.minRetransmitNanos = minRetransmitNanos;
    this.maxRetransmitNanos = maxRetransmitNanos;
  }

  /** Returns the default settings (see the class comment). */
  public static ConnectionConfig defaults() {
    return DEFAULTS;
  }

  /**
   * Returns a copy whose window is {@code window}: the sender never has messages outstanding from
   * more than this many consecutive sequence numbers starting at the oldest message not known to be
   * executed; the receiver reads only that many numbers ahead of the oldest it has not executed,
   * and holds at most that many messages waiting for dependencies.
   */
  public ConnectionConfig withWindow(int window) {
    require(
        window >= 2 && window <= MAX_WINDOW,
        "window must be within 2.." + MAX_WINDOW + ", was " + window);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /** Returns a copy whose packets are at most {@code bytes} long. */
  public ConnectionConfig withMaxPacketSize(int bytes) {
    require(
        bytes >= MIN_PACKET_SIZE && bytes <= MAX_PACKET_SIZE,
        "maximum packet size must be within "
            + MIN_PACKET_SIZE
            + ".."
            + MAX_PACKET_SIZE
            + ", was "
            + bytes);
    requireRoomForAMessage(bytes, maxDependencies);
    return new ConnectionConfig(
        window,
        bytes,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /** Returns a copy that allows at most {@code count} dependencies per message (1..64). */
  public ConnectionConfig withMaxDependencies(int count) {
    require(count >= 1 && count <= 64, "maximum dependencies must be within 1..64, was " + count);
    requireRoomForAMessage(maxPacketSize, count);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        count,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /**
   * Returns a copy that holds at most {@code bytes} of payload in received messages waiting for
   * their dependencies; a message past that is dropped unacknowledged, to be resent.
   */
  public ConnectionConfig withMaxPendingBytes(long bytes) {
    require(
        bytes >= MAX_PACKET_SIZE,
        "maximum pending bytes must be at least " + MAX_PACKET_SIZE + ", was " + bytes);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        bytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /**
   * Returns a copy whose connection timeout is {@code timeout}: silence from the peer for that long
   * fails the connection. The message timeout is at least one second longer.
   *
   * @throws IllegalArgumentException if {@code timeout} does not exceed the keep-alive interval, or
   *     exceeds {@link #MAX_TIMEOUT}
   */
  public ConnectionConfig withConnectionTimeout(Duration timeout) {
    require(
        timeout.compareTo(MAX_TIMEOUT) <= 0,
        "connection timeout must be at most " + MAX_TIMEOUT + ", was " + timeout);
    long nanos = timeout.toNanos();
    require(
        nanos > keepAliveNanos,
        "connection timeout must exceed the keep-alive interval ("
            + keepAliveInterval()
            + "), was "
            + timeout);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        nanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /** Returns a copy that sends an empty packet after {@code interval} without sending anything. */
  public ConnectionConfig withKeepAliveInterval(Duration interval) {
    long nanos = interval.toNanos();
    require(
        nanos > 0 && nanos < connectionTimeoutNanos,
        "keep-alive interval must be positive and below the connection timeout, was " + interval);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        nanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /**
   * Returns a copy whose retransmission timeout starts at {@code initial} and stays within
   * min..max; a min of zero is no floor (the default).
   *
   * @throws IllegalArgumentException unless {@code 0 <= min <= initial <= max}, {@code initial > 0}
   *     and max is at most {@link #MAX_TIMEOUT}
   */
  public ConnectionConfig withRetransmitTimeout(Duration initial, Duration min, Duration max) {
    require(
        max.compareTo(MAX_TIMEOUT) <= 0,
        "the largest retransmission timeout must be at most " + MAX_TIMEOUT + ", was " + max);
    long initialNanos = initial.toNanos();
    long minNanos = min.toNanos();
    long maxNanos = max.toNanos();
    require(
        minNanos >= 0 && minNanos <= initialNanos && initialNanos > 0 && initialNanos <= maxNanos,
        "retransmission timeouts must satisfy 0 <= min <= initial <= max and initial > 0, were "
            + min
            + ", "
            + initial
            + ", "
            + max);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialNanos,
        minNanos,
        maxNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /**
   * Returns a copy whose retransmission timeout never goes below {@code floor}, however short the
   * measured round trip; {@link Duration#ZERO} for none (the default). Loss that later
   * acknowledgements reveal is still resent within a round trip: the floor delays only the resends
   * that wait for the timeout.
   */
  public ConnectionConfig withRetransmitFloor(Duration floor) {
    long floorNanos = floor.toNanos();
    require(
        floorNanos >= 0 && floorNanos <= maxRetransmitNanos,
        "retransmission floor must be within 0.." + maxRetransmitTimeout() + ", was " + floor);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        Math.max(initialRetransmitNanos, floorNanos),
        floorNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /**
   * Returns a copy that sends at most {@code bytesPerSecond} (datagrams with their IPv4 and UDP
   * headers), paced: over any stretch of time, no more than the budget for that time plus one
   * packet. Zero, the default, is no budget. What does not fit waits, in order: messages found lost
   * first, then messages due for a resend, then new messages, then the latest snapshot ({@link
   * Connection#offerSnapshot}), which yields to all of them and is replaced, never queued, by a
   * newer one. New messages wait in a queue of at most {@link #withMaxQueuedBytes} bytes; past that
   * {@link Connection#trySend} says {@link SendStatus#QUEUE_FULL} and queues nothing.
   *
   * <p>For play over the internet, a budget a little under the slowest link the game supports (a
   * game of 30 updates a second of a few hundred bytes each needs 10 to 30 kB/s each way) keeps a
   * burst from overflowing a router's queue, where the losses it causes would cost a round trip
   * each.
   */
  public ConnectionConfig withBandwidth(long bytesPerSecond) {
    require(
        bytesPerSecond == 0 || bytesPerSecond >= 1_000,
        "bandwidth must be 0 (no budget) or at least 1,000 bytes a second, was " + bytesPerSecond);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        maxQueuedBytes);
  }

  /**
   * Returns a copy whose queue of messages waiting for the {@linkplain #withBandwidth budget} holds
   * at most {@code bytes} of payload; see {@link SendStatus#QUEUE_FULL}. It must hold at least the
   * largest payload.
   */
  public ConnectionConfig withMaxQueuedBytes(long bytes) {
    require(
        bytes >= maxPayloadSize(),
        "maximum queued bytes must be at least the largest payload, "
            + maxPayloadSize()
            + ", was "
            + bytes);
    return new ConnectionConfig(
        window,
        maxPacketSize,
        maxDependencies,
        maxPendingBytes,
        connectionTimeoutNanos,
        keepAliveNanos,
        initialRetransmitNanos,
        minRetransmitNanos,
        maxRetransmitNanos,
        bytesPerSecond,
        bytes);
  }

  /** The budget in bytes a second, datagram headers included; 0 when there is none. */
  public long bandwidth() {
    return bytesPerSecond;
  }

  /** The most payload bytes that wait for the budget before sends are refused. */
  public long maxQueuedBytes() {
    return maxQueuedBytes;
  }

  /** The window, in messages. */
  public int window() {
    return window;
  }

  /** The maximum packet size, in bytes. */
  public int maxPacketSize() {
    return maxPacketSize;
  }

  /** The maximum number of dependencies a message may list on the wire. */
  public int maxDependencies() {
    return maxDependencies;
  }

  /** The maximum bytes of payload held while waiting for dependencies. */
  public long maxPendingBytes() {
    return maxPendingBytes;
  }

  /** How long the peer may be silent before the connection fails. */
  public Duration connectionTimeout() {
    return Duration.ofNanos(connectionTimeoutNanos);
  }

  /**
   * The shortest message timeout: the connection timeout plus one second. A sent message
   * unacknowledged for the longer of this and the time {@value
   * #RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} backed-off probes take fails the connection (see {@link
   * Connection#messageTimeout()}).
   */
  public Duration minMessageTimeout() {
    return Duration.ofNanos(minMessageTimeoutNanos());
  }

  /**
   * How long a received message may wait for a dependency before the connection fails: the longest
   * message timeout the peer can have, the longer of {@link #minMessageTimeout()} and {@value
   * #RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP} of the largest retransmission timeouts, which no probe's
   * backoff exceeds (see {@link Connection#waitTimeout()} for why).
   */
  public Duration waitTimeout() {
    return Duration.ofNanos(waitTimeoutNanos());
  }

  /** How long a connection that sends nothing waits before it sends an empty packet. */
  public Duration keepAliveInterval() {
    return Duration.ofNanos(keepAliveNanos);
  }

  /** The retransmission timeout before any round trip has been measured. */
  public Duration initialRetransmitTimeout() {
    return Duration.ofNanos(initialRetransmitNanos);
  }

  /** The smallest retransmission timeout: the floor, zero when there is none. */
  public Duration minRetransmitTimeout() {
    return Duration.ofNanos(minRetransmitNanos);
  }

  /** The largest retransmission timeout. */
  public Duration maxRetransmitTimeout() {
    return Duration.ofNanos(maxRetransmitNanos);
  }

  long connectionTimeoutNanos() {
    return connectionTimeoutNanos;
  }

  long minMessageTimeoutNanos() {
    return connectionTimeoutNanos + SECOND;
  }

  long waitTimeoutNanos() {
    return Math.max(
        minMessageTimeoutNanos(), RETRANSMIT_TIMEOUTS_BEFORE_GIVING_UP * maxRetransmitNanos);
  }

  long keepAliveNanos() {
    return keepAliveNanos;
  }

  long initialRetransmitNanos() {
    return initialRetransmitNanos;
  }

  long minRetransmitNanos() {
    return minRetransmitNanos;
  }

  long maxRetransmitNanos() {
    return maxRetransmitNanos;
  }

  /** The largest payload one message may carry: what fits in a packet with every dependency. */
  public int maxPayloadSize() {
    return payloadRoom(maxPacketSize, maxDependencies);
  }

  private static int payloadRoom(int packetSize, int dependencies) {
    int room =
        packetSize - PacketFormat.MAX_HEADER_SIZE - PacketFormat.messageHeaderSize(dependencies);
    return room - PacketFormat.lengthFieldSize(room);
  }

  private static void requireRoomForAMessage(int packetSize, int dependencies) {
    require(
        payloadRoom(packetSize, dependencies) >= 0,
        "a packet of "
            + packetSize
            + " bytes has no room for a message with "
            + dependencies
            + " dependencies after its "
            + PacketFormat.MAX_HEADER_SIZE
            + "-byte header: allow larger packets or fewer dependencies");
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
