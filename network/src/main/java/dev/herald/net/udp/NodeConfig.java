package dev.herald.net.udp;

import dev.herald.net.ConnectionConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a {@link UdpNode}: immutable, built from {@link #defaults()} with the {@code
 * with...} methods. Client and server must use the same protocol id and the same {@link
 * ConnectionConfig} window, packet size and dependency limit.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><td>connection</td><td>{@link ConnectionConfig#defaults()} (keep-alive 250 ms,
 *       timeout 5 s)</td></tr>
 *   <tr><td>peers a server accepts</td><td>64</td></tr>
 *   <tr><td>handshake: resend every</td><td>100 ms</td></tr>
 *   <tr><td>handshake: give up after</td><td>5 s</td></tr>
 *   <tr><td>cookie lifetime</td><td>10 s</td></tr>
 *   <tr><td>protocol id</td><td>{@link #DEFAULT_PROTOCOL} ("HERALD01")</td></tr>
 *   <tr><td>unreadable messages a peer may send before it is dropped</td><td>100</td></tr>
 *   <tr><td>unreadable messages: one log record per peer at most every</td><td>10 s</td></tr>
 *   <tr><td>socket receive buffer asked for</td><td>{@value #DEFAULT_RECEIVE_BUFFER} bytes</td></tr>
 * </table>
 *
 * @since 0.1
 */
public final class NodeConfig {

  /** The protocol id of the defaults: the bytes of "HERALD01". */
  public static final long DEFAULT_PROTOCOL = 0x48455241_4C443031L;

  /**
   * The socket receive buffer asked for by default, 4 MiB: what arrives while the node's thread is
   * busy or descheduled waits there, and a server of hundreds of peers receives tens of thousands
   * of datagrams a second, which the operating system's usual default (about 200 KB, a few hundred
   * small datagrams) holds for only milliseconds; past it, datagrams are dropped as if lost on the
   * way.
   */
  public static final int DEFAULT_RECEIVE_BUFFER = 4 << 20;

  private static final NodeConfig DEFAULTS =
      new NodeConfig(
          ConnectionConfig.defaults(),
          64,
          Duration.ofMillis(100),
          Duration.ofSeconds(5),
          Duration.ofSeconds(10),
          DEFAULT_PROTOCOL,
          100,
          Duration.ofSeconds(10),
          DEFAULT_RECEIVE_BUFFER);

  private final ConnectionConfig connection;
  private final int maxPeers;
  private final Duration handshakeResendInterval;
  private final Duration handshakeTimeout;
  private final Duration cookieLifetime;
  private final long protocol;
  private final int maxUnreadableMessages;
  private final Duration unreadableLogInterval;
  private final int receiveBufferBytes;

  private NodeConfig(
      ConnectionConfig connection,
      int maxPeers,
      Duration handshakeResendInterval,
      Duration handshakeTimeout,
      Duration cookieLifetime,
      long protocol,
      int maxUnreadableMessages,
      Duration unreadableLogInterval,
      int receiveBufferBytes) {
    this.connection = connection;
    this.maxPeers = maxPeers;
    this.handshakeResendInterval = handshakeResendInterval;
    this.handshakeTimeout = handshakeTimeout;
    this.cookieLifetime = cookieLifetime;
    this.protocol = protocol;
    this.maxUnreadableMessages = maxUnreadableMessages;
    this.unreadableLogInterval = unreadableLogInterval;
    this.receiveBufferBytes = receiveBufferBytes;
  }

  /** The default settings (see the class comment). */
  public static NodeConfig defaults() {
    return DEFAULTS;
  }

  /** A copy whose connections use {@code connection}. */
  public NodeConfig withConnection(ConnectionConfig connection) {
    return new NodeConfig(
        Objects.requireNonNull(connection, "connection"),
        maxPeers,
        handshakeResendInterval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /**
   * A copy whose server accepts at most {@code count} peers at once; a client that completes the
   * handshake past that is told the server is full.
   */
  public NodeConfig withMaxPeers(int count) {
    require(count >= 1, "maximum peers must be at least 1, was " + count);
    return new NodeConfig(
        connection,
        count,
        handshakeResendInterval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /** A copy whose client resends its handshake packets every {@code interval} until answered. */
  public NodeConfig withHandshakeResendInterval(Duration interval) {
    require(interval.toNanos() > 0, "handshake resend interval must be positive, was " + interval);
    return new NodeConfig(
        connection,
        maxPeers,
        interval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /** A copy whose client gives up on a handshake not completed within {@code timeout}. */
  public NodeConfig withHandshakeTimeout(Duration timeout) {
    require(
        timeout.compareTo(handshakeResendInterval) > 0,
        "handshake timeout must exceed the resend interval ("
            + handshakeResendInterval
            + "), was "
            + timeout);
    return new NodeConfig(
        connection,
        maxPeers,
        handshakeResendInterval,
        timeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /**
   * A copy whose server accepts a cookie for {@code lifetime} after minting it. Long enough for a
   * round trip and a few resends; short, because until it expires the server remembers each
   * accepted cookie to refuse replays.
   */
  public NodeConfig withCookieLifetime(Duration lifetime) {
    require(lifetime.toNanos() > 0, "cookie lifetime must be positive, was " + lifetime);
    return new NodeConfig(
        connection,
        maxPeers,
        handshakeResendInterval,
        handshakeTimeout,
        lifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /**
   * A copy with another protocol id: nodes with different ids never connect, so two games (or two
   * incompatible versions of one) on the same port ignore each other.
   */
  public NodeConfig withProtocol(long protocol) {
    return new NodeConfig(
        connection,
        maxPeers,
        handshakeResendInterval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /**
   * A copy whose node disconnects a peer ({@link DisconnectReason#UNREADABLE_MESSAGES}) once it has
   * sent more than {@code count} messages that cannot be read: packets the reliable layer rejects,
   * and messages the listener reports with {@link UdpNode#reportUnreadable}. A peer of another
   * version may send a few a reader does not know; one that keeps sending them is broken or
   * hostile, and each costs the node work. {@code 0} drops a peer at its first; {@link
   * Integer#MAX_VALUE} never.
   */
  public NodeConfig withMaxUnreadableMessages(int count) {
    require(count >= 0, "maximum unreadable messages must be 0 or more, was " + count);
    return new NodeConfig(
        connection,
        maxPeers,
        handshakeResendInterval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        count,
        unreadableLogInterval,
        receiveBufferBytes);
  }

  /**
   * A copy whose node logs a peer's unreadable messages at most once per {@code interval} (by the
   * node's clock): the first at once, with what was wrong; those after it in one summary with their
   * count once the interval has passed, or when the peer goes. A peer that sends nothing else then
   * costs a log record per interval, never one per message.
   */
  public NodeConfig withUnreadableLogInterval(Duration interval) {
    require(
        interval.toNanos() > 0,
        "interval between logs of unreadable messages must be positive, was " + interval);
    return new NodeConfig(
        connection,
        maxPeers,
        handshakeResendInterval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        interval,
        receiveBufferBytes);
  }

  /**
   * A copy whose node asks the operating system for a socket receive buffer of {@code bytes}: how
   * much may arrive between two reads of the socket before datagrams are dropped. The operating
   * system may grant less (Linux caps it at {@code net.core.rmem_max}); see {@link
   * UdpNode#receiveBufferSize()} for what it granted.
   */
  public NodeConfig withReceiveBuffer(int bytes) {
    require(bytes >= 1024, "socket receive buffer must be at least 1024 bytes, was " + bytes);
    return new NodeConfig(
        connection,
        maxPeers,
        handshakeResendInterval,
        handshakeTimeout,
        cookieLifetime,
        protocol,
        maxUnreadableMessages,
        unreadableLogInterval,
        bytes);
  }

  /** The socket receive buffer the node asks for, in bytes. */
  public int receiveBuffer() {
    return receiveBufferBytes;
  }

  /** How many unreadable messages a peer may send before it is disconnected. */
  public int maxUnreadableMessages() {
    return maxUnreadableMessages;
  }

  /** The least time between two log records of one peer's unreadable messages. */
  public Duration unreadableLogInterval() {
    return unreadableLogInterval;
  }

  /** The settings of each connection. */
  public ConnectionConfig connection() {
    return connection;
  }

  /** How many peers a server accepts at once. */
  public int maxPeers() {
    return maxPeers;
  }

  /** How often a client resends an unanswered handshake packet. */
  public Duration handshakeResendInterval() {
    return handshakeResendInterval;
  }

  /** How long a client tries to connect. */
  public Duration handshakeTimeout() {
    return handshakeTimeout;
  }

  /** How long a server's cookie stays valid. */
  public Duration cookieLifetime() {
    return cookieLifetime;
  }

  /** The protocol id both ends must share. */
  public long protocol() {
    return protocol;
  }

  private static void require(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(message);
    }
  }
}
