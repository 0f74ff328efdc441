package dev.herald.net.udp;

import java.net.InetSocketAddress;
import java.util.Arrays;

/**
 * The client's half of the handshake, beside {@link ServerHandshake}: sends a request, echoes the
 * server's cookie, and is taken or refused. It judges what the server sent and keeps the packet to
 * send until the server answers; the node does the sending, the connecting and the telling of the
 * listener. A datagram that is not from the server, not of its size, or not carrying this
 * handshake's nonce is counted unknown and changes nothing. Not thread-safe: the node calls it
 * under its lock.
 */
final class ClientHandshake {

  /** What the node does for a handshake under way at a moment. */
  enum Step {
    /** Nothing yet. */
    WAIT,
    /** No answer within the resend interval: send {@link Peer#handshakePacket} again. */
    RESEND,
    /** No answer within the handshake timeout: give up. */
    TIMED_OUT
  }

  private final NodeConfig config;
  private final NodeCounters counters;
  private final Peer server;

  /** Starts the handshake with {@code server}: its first packet, the request, is to be sent. */
  ClientHandshake(NodeConfig config, NodeCounters counters, Peer server, long now) {
    this.config = config;
    this.counters = counters;
    this.server = server;
    server.handshakeStartedNanos = now;
    server.handshakePacket = ControlPacket.request(config.protocol(), server.nonce);
  }

  /** The server being connected to. */
  Peer server() {
    return server;
  }

  /** Whether the handshake is still going on: neither taken, refused, nor given up. */
  boolean underWay() {
    return server.state == Peer.State.REQUESTING || server.state == Peer.State.RESPONDING;
  }

  /** What to do now for a handshake {@linkplain #underWay under way}. */
  Step due(long now) {
    if (now - server.handshakeStartedNanos >= config.handshakeTimeout().toNanos()) {
      return Step.TIMED_OUT;
    }
    if (now - server.handshakeSentNanos >= config.handshakeResendInterval().toNanos()) {
      return Step.RESEND;
    }
    return Step.WAIT;
  }

  /**
   * The server's cookie: whether to send the response that echoes it, now in {@link
   * Peer#handshakePacket}. A challenge while responding is the server asking again (our cookie was
   * too old for it to tell from a replay): the new one is answered.
   */
  boolean onChallenge(InetSocketAddress sender, byte[] datagram, int length) {
    if (!fromServerWithNonce(sender, datagram, length, ControlPacket.CHALLENGE_SIZE)
        || !underWay()) {
      return false;
    }
    server.state = Peer.State.RESPONDING;
    server.handshakePacket =
        ControlPacket.response(config.protocol(), Arrays.copyOf(datagram, length));
    return true;
  }

  /**
   * Whether the server took us: the connection then starts with the token in {@code datagram} at
   * byte 9.
   */
  boolean onAccept(InetSocketAddress sender, byte[] datagram, int length) {
    if (!fromServerWithNonce(sender, datagram, length, ControlPacket.ACCEPT_SIZE)
        || server.state != Peer.State.RESPONDING) {
      return false;
    }
    server.state = Peer.State.CONNECTED;
    server.handshakePacket = null;
    return true;
  }

  /** Whether the server refused us for want of room, while it could still take us. */
  boolean onDenied(InetSocketAddress sender, byte[] datagram, int length) {
    return fromServerWithNonce(sender, datagram, length, ControlPacket.DENIED_SIZE)
        && server.state != Peer.State.CONNECTED
        && server.state != Peer.State.GONE;
  }

  private boolean fromServerWithNonce(
      InetSocketAddress sender, byte[] datagram, int length, int expectedLength) {
    if (!server.address().equals(sender)
        || length != expectedLength
        || ControlPacket.getLong(datagram, 1) != server.nonce) {
      counters.unknownDatagrams++;
      return false;
    }
    return true;
  }
}
