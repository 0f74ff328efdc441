package dev.herald.net.udp;

import dev.herald.net.Connection;
import dev.herald.net.ConnectionCounters;
import dev.herald.net.ConnectionError;
import dev.herald.net.MessageReceiver;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * The other end of one connection of a {@link UdpNode}: for a server, one per connected client; for
 * a client, the server. Identity is the object: a client that reconnects from the same address is a
 * new {@code Peer}.
 *
 * @since 0.1
 */
public final class Peer {

  enum State {
    REQUESTING,
    RESPONDING,
    CONNECTED,
    GONE
  }

  private final UdpNode node;
  private final InetSocketAddress address;
  private final long id;
  final long nonce;

  /**
   * Server side: the expiry of the cookie this peer connected with, which orders it among cookies.
   */
  long cookieExpiry;

  State state;
  Connection connection;
  ConnectionError connectionError;
  DisconnectReason disconnectReason;
  final UnreadableMessages unreadable = new UnreadableMessages();

  /** Client side: the packet to resend until the server answers, and when it was last sent. */
  byte[] handshakePacket;

  long handshakeStartedNanos;
  long handshakeSentNanos;

  /** Whether the node has this peer on its list of peers to flush at the next update. */
  boolean flushDue;

  /** The peer's place in the node's {@link PeerTimers}, -1 while it has no deadline there. */
  int timerIndex = -1;

  int nextSnapshotOut;
  int newestSnapshotIn;
  boolean anySnapshotIn;

  Peer(UdpNode node, InetSocketAddress address, long id, long nonce, State state) {
    this.node = node;
    this.address = address;
    this.id = id;
    this.nonce = nonce;
    this.state = state;
  }

  /** The peer's socket address, as this node sees it. */
  public InetSocketAddress address() {
    return address;
  }

  /** A number unique among this node's peers, in order of connection. */
  public long id() {
    return id;
  }

  /** Whether the handshake completed and the peer is not gone. */
  public boolean isConnected() {
    return state == State.CONNECTED;
  }

  /** Why the peer is gone, or null while it is not. */
  public DisconnectReason disconnectReason() {
    return disconnectReason;
  }

  /**
   * How many messages from this peer could not be read: packets the reliable layer rejected, and
   * messages reported with {@link UdpNode#reportUnreadable}.
   */
  public long unreadableMessages() {
    return unreadable.total();
  }

  /** What the reliable layer reported when it failed, or null. */
  public ConnectionError connectionError() {
    return connectionError;
  }

  /**
   * The smoothed round trip to this peer, estimated from acknowledgements ({@link
   * Connection#roundTrip()}); null before the handshake completed and until the first
   * acknowledgement. Kept after the peer is gone. Thread-safe: it takes the node's lock, as the
   * node's public methods do.
   */
  public Duration roundTrip() {
    synchronized (node) {
      return connection == null ? null : connection.roundTrip();
    }
  }

  /**
   * The counters of the reliable connection to this peer: packets, resends, header bytes. A live
   * view: read them on the node's thread (in its listener), or in a block synchronized on the node,
   * whose public methods all synchronize on it.
   *
   * @throws IllegalStateException before the handshake completed
   */
  public ConnectionCounters counters() {
    if (connection == null) {
      throw new IllegalStateException(
          this + " has not completed the handshake: it has no connection yet");
    }
    return connection.counters();
  }

  /** For tests: the token of the connection. */
  long connectionToken() {
    return connection.token();
  }

  UdpNode node() {
    return node;
  }

  /** Takes a snapshot's sequence; false if it is not newer than the newest taken. */
  boolean acceptSnapshot(int sequence) {
    if (anySnapshotIn && sequence - newestSnapshotIn <= 0) {
      return false;
    }
    anySnapshotIn = true;
    newestSnapshotIn = sequence;
    return true;
  }

  /** Hands the connection's deliveries to the node's listener, naming this peer. */
  MessageReceiver inbox(PeerListener listener) {
    return new Inbox(this, listener);
  }

  @Override
  public String toString() {
    return "Peer#" + id + "[" + address + ", " + state + "]";
  }

  private static final class Inbox implements MessageReceiver {
    private final Peer peer;
    private final PeerListener listener;

    Inbox(Peer peer, PeerListener listener) {
      this.peer = peer;
      this.listener = listener;
    }

    @Override
    public void onMessage(int sequence, byte[] payload) {
      if (heard()) {
        listener.onMessage(peer, payload);
      }
    }

    @Override
    public void onMessage(int sequence, byte[] buffer, int offset, int length) {
      if (heard()) {
        listener.onMessage(peer, buffer, offset, length);
      }
    }

    /**
     * Whether the peer is still connected. The listener may have ended the connection while this
     * packet was being read: what the peer sent after that point is not heard, as if it had come
     * after the goodbye, and is counted.
     */
    private boolean heard() {
      if (peer.state != State.CONNECTED) {
        peer.node().discardedAfterDisconnect();
        return false;
      }
      return true;
    }

    @Override
    public void onConnectionError(ConnectionError error) {
      peer.connectionError = error;
    }
  }
}
