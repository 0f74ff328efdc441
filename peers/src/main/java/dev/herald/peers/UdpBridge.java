package dev.herald.peers;

import dev.herald.Address;
import dev.herald.MessageBus;
import dev.herald.bridge.Bridge;
import dev.herald.bridge.RemoteEndpoint;
import dev.herald.net.MessageDependency;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import dev.herald.time.Ticker;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * A bridge between a {@link MessageBus} and its peers in other processes over UDP, which makes each
 * peer an address: a {@link UdpNode} attached to the bus, carrying {@code @Wire} messages with
 * their generated codecs. It is to peers over UDP what {@code NatsBridge} is to NATS.
 *
 * <pre>{@code
 * MessageBus bus = MessageBus.create();
 * UdpBridge net = UdpBridge.server(bus, CodecRegistry.load(), new InetSocketAddress(7777), NodeConfig.defaults());
 * bus.register(new Lobby());   // @Subscribe void on(PeerConnected c) { me.send(c.peer(), new Welcome()); }
 * while (running) { net.update(); ... }   // each frame
 * }</pre>
 *
 * <ul>
 *   <li>Each connected peer is an {@link Address} ({@link PeerConnected#peer()}). {@code
 *       registration.send(peer, m)} and {@code bus.post(m, Header.to(peer))} encode {@code m} and
 *       send it reliably; a type with no wire codec fails the send at once with an {@code
 *       IllegalArgumentException}, and a peer whose send window or send queue (with a bandwidth
 *       budget) is full fails it with an {@code IllegalStateException} that says which, counted
 *       ({@link #refusedSends()}): a send returns 1 once the message is on its way, 0 only when the
 *       peer is gone. {@link #send(Address, Object, MessageDependency...)} does the same and
 *       returns the message's handle, for later messages to depend on.
 *   <li>What a peer sends is posted on the bus as a broadcast from the peer's address: a handler's
 *       {@code Envelope.from()} is the peer, set from the connection it came on, never from the
 *       payload. Replying is {@code registration.send(envelope.from(), reply)}.
 *   <li>{@link PeerConnected} and {@link PeerDisconnected} are posted as the peers come and go.
 *   <li>{@link #allPeers()} is an address that reaches every connected peer with one send.
 *   <li>A handler may {@linkplain #disconnect disconnect} the peer whose message it handles, or
 *       {@linkplain #close close} this bridge: what that peer's packet holds after the message is
 *       discarded ({@link dev.herald.net.udp.NodeCounters#discardedAfterDisconnect()}), and the
 *       update goes on.
 *   <li>A message that does not decode is dropped, counted ({@link #undecodableMessages()}) and
 *       logged in bounded summaries; a peer that keeps sending them is disconnected ({@link
 *       NodeConfig#withMaxUnreadableMessages}).
 * </ul>
 *
 * <p>Driven like the node: {@link #update()} from the game loop (the default: the peers' messages
 * are then posted on the game's thread, at that point of the frame), or {@link #start()} for a
 * thread of its own (they are then posted on that thread).
 *
 * <p>Thread-safe: every public method may be called from any thread, as the node's are (they
 * synchronize on the node; the peers' addresses are kept under a lock of their own), and so may the
 * bus's sends to a peer's address.
 *
 * @since 0.1
 */
public final class UdpBridge implements AutoCloseable {

  private final MessageBus bus;
  private final CodecRegistry codecs;
  private final UdpNode node;
  private final Map<Peer, PeerLink> links = new LinkedHashMap<>();
  private final Map<Address, PeerLink> byAddress = new HashMap<>();
  private final RemoteEndpoint allPeers;

  /**
   * Incremented on whichever thread runs the node's update and read from any: an adder, so a reader
   * on another thread sees each increment (a plain long would promise neither that nor whole
   * values).
   */
  private final LongAdder undecodable = new LongAdder();

  /** Sends refused because a peer's window or queue was full: counted on the senders' threads. */
  private final LongAdder refused = new LongAdder();

  /**
   * Opens a server bound to {@code bind}, or a client of {@code server} if it is not null; its node
   * reads the time from the bus's ticker, so a bus on a test or replay ticker drives its
   * connections' timers on that same time.
   */
  private UdpBridge(
      MessageBus bus,
      CodecRegistry codecs,
      InetSocketAddress bind,
      InetSocketAddress server,
      NodeConfig config)
      throws IOException {
    this.bus = Objects.requireNonNull(bus, "bus");
    this.codecs = Objects.requireNonNull(codecs, "codecs");
    Bridge bridge = Bridge.of(bus);
    Ticker ticker = bridge.ticker();
    this.node =
        server == null
            ? UdpNode.server(bind, config, new Inbox(), ticker)
            : UdpNode.client(server, config, new Inbox(), ticker);
    this.allPeers = bridge.attachRemote(new AllPeersLink(node, codecs, links.values(), refused));
  }

  /**
   * A server bound to {@code bind} (port 0 picks a free one: see {@link #node()}). Its node reads
   * the time from the bus's ticker ({@code MessageBus.Builder.ticker}).
   */
  public static UdpBridge server(
      MessageBus bus, CodecRegistry codecs, InetSocketAddress bind, NodeConfig config)
      throws IOException {
    return new UdpBridge(bus, codecs, Objects.requireNonNull(bind, "bind"), null, config);
  }

  /**
   * A client of the server at {@code server}; {@link PeerConnected} is posted once it is in. Its
   * node reads the time from the bus's ticker ({@code MessageBus.Builder.ticker}).
   */
  public static UdpBridge client(
      MessageBus bus, CodecRegistry codecs, InetSocketAddress server, NodeConfig config)
      throws IOException {
    return new UdpBridge(bus, codecs, null, Objects.requireNonNull(server, "server"), config);
  }

  /** Reads what arrived and posts it on the bus, runs timers, sends what is due: once per frame. */
  public void update() {
    node.update();
  }

  /** Runs the node on a thread of its own; {@link #update()} need not be called then. */
  public void start() throws IOException {
    node.start();
  }

  /** The node underneath: its address, counters and peers. */
  public UdpNode node() {
    return node;
  }

  /** The bus the peers are attached to. */
  public MessageBus bus() {
    return bus;
  }

  /**
   * A client's server: its address once connected, else null.
   *
   * @throws IllegalStateException on a server
   */
  public Address server() {
    PeerLink link;
    synchronized (links) {
      link = links.get(node.server());
    }
    return link == null ? null : link.endpoint.address();
  }

  /** An address that reaches every connected peer: one send, encoded once. */
  public Address allPeers() {
    return allPeers.address();
  }

  /** The addresses of the peers connected now. */
  public List<Address> peers() {
    List<Address> addresses = new ArrayList<>();
    synchronized (links) {
      for (PeerLink link : links.values()) {
        addresses.add(link.endpoint.address());
      }
    }
    return addresses;
  }

  /**
   * Sends {@code message} reliably to {@code peer}, to be executed there after the messages named
   * by {@code after} (handles returned by earlier sends to the same peer; those known executed are
   * ignored), and returns its handle.
   *
   * @throws IllegalArgumentException if {@code message} has no wire codec, {@code peer} is not a
   *     peer of this bridge, or a handle belongs to another peer
   * @throws IllegalStateException if the peer is gone, or its send window or send queue is full
   *     (the message says which; see {@link #refusedSends()})
   */
  public MessageDependency send(Address peer, Object message, MessageDependency... after) {
    PeerLink link = linkOf(peer);
    MessageDependency handle = new MessageDependency();
    if (link == null || !link.send(message, handle, after)) { // a full window or queue throws
      throw new IllegalStateException(
          "cannot send " + message.getClass().getName() + " to " + peer + ": the peer is gone");
    }
    return handle;
  }

  /**
   * Sends {@code message} to {@code peer} once, unreliably: never resent, and dropped by the peer
   * if a newer snapshot from here arrived first. For latest-state messages (positions, scores) that
   * the next one replaces. Returns false if the peer is gone.
   *
   * @throws IllegalArgumentException if {@code message} has no wire codec or does not fit one
   *     datagram
   */
  public boolean sendSnapshot(Address peer, Object message) {
    PeerLink link = linkOf(peer);
    return link != null && node.sendSnapshot(link.peer, codecs.toBytes(message));
  }

  /**
   * Says goodbye to {@code peer}; {@link PeerDisconnected} is posted. Does nothing if it is gone.
   */
  public void disconnect(Address peer) {
    PeerLink link = linkOf(peer);
    if (link != null) {
      node.disconnect(link.peer);
    }
  }

  private PeerLink linkOf(Address peer) {
    Objects.requireNonNull(peer, "peer");
    if (!peer.isRemote()) {
      throw new IllegalArgumentException(
          peer + " is not a peer's address: use the address of a PeerConnected message");
    }
    synchronized (links) {
      return byAddress.get(peer);
    }
  }

  /**
   * Messages from peers that did not decode (a peer built with other wire types), dropped. Each is
   * reported to the node ({@link UdpNode#reportUnreadable}), which logs them in bounded summaries
   * and disconnects a peer that sends more than {@link NodeConfig#maxUnreadableMessages()}.
   */
  public long undecodableMessages() {
    return undecodable.sum();
  }

  /**
   * Sends to peers refused because a peer's send window was full (it has not acknowledged enough)
   * or its send queue was full (the messages waiting for the bandwidth budget fill {@code
   * ConnectionConfig.withMaxQueuedBytes}). Each was thrown to its sender as an {@code
   * IllegalStateException} saying which, so a handler's send reached the bus's error handler; a
   * send to {@link #allPeers()} counts once for each peer it missed. The peer's own count is in its
   * {@link dev.herald.net.ConnectionCounters#queueFullRefusals()}.
   */
  public long refusedSends() {
    return refused.sum();
  }

  /** Disconnects every peer (each {@link PeerDisconnected} is posted) and closes the socket. */
  @Override
  public void close() {
    node.close();
    allPeers.close();
  }

  /** Turns what the node hears into bus messages. */
  private final class Inbox implements PeerListener {
    @Override
    public void onConnected(Peer peer) {
      PeerLink link = new PeerLink(node, codecs, peer, refused);
      link.endpoint = Bridge.of(bus).attachRemote(link);
      synchronized (links) {
        links.put(peer, link);
        byAddress.put(link.endpoint.address(), link);
      }
      link.endpoint.receive(new PeerConnected(link.endpoint.address(), peer.address()));
    }

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      deliver(peer, payload);
    }

    @Override
    public void onSnapshot(Peer peer, byte[] payload) {
      deliver(peer, payload);
    }

    private void deliver(Peer peer, byte[] payload) {
      PeerLink link;
      synchronized (links) {
        link = links.get(peer);
      }
      if (link == null) {
        return; // the node hears nothing from a peer once it is gone; this is only a guard
      }
      Object message;
      try {
        message = codecs.decode(new WireReader(payload, 0, payload.length));
      } catch (WireFormatException e) {
        undecodable.increment();
        // The node counts it for the peer, logs a bounded summary and drops a peer that keeps
        // at it: a stack trace per message would let one peer fill the disk and stall frames.
        node.reportUnreadable(peer, "a message did not decode: " + e.getMessage());
        return;
      }
      link.endpoint.receive(message);
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      PeerLink link;
      synchronized (links) {
        link = links.remove(peer);
        if (link != null) {
          byAddress.remove(link.endpoint.address());
        }
      }
      if (link == null) {
        // a client whose handshake failed: the server never had an address here
        RemoteEndpoint never =
            Bridge.of(bus).attachRemote(new PeerLink(node, codecs, peer, refused));
        never.close();
        bus.post(new PeerDisconnected(never.address(), reason));
        return;
      }
      link.endpoint.close();
      if (!bus.isClosed()) {
        link.endpoint.receive(new PeerDisconnected(link.endpoint.address(), reason));
      }
    }
  }
}
