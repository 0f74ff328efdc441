package dev.herald.net.udp;

import dev.herald.net.Connection;
import dev.herald.net.MessageDependency;
import dev.herald.net.ProtocolException;
import dev.herald.net.SendStatus;
import dev.herald.time.Ticker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Herald's reliable layer over a real UDP socket: a server for many peers, or a client of one.
 *
 * <pre>{@code
 * UdpNode server = UdpNode.server(new InetSocketAddress(7777), NodeConfig.defaults(), listener);
 * UdpNode client = UdpNode.client(new InetSocketAddress("game.example", 7777), NodeConfig.defaults(), listener);
 * // each frame of the game loop:
 * client.update();                          // reads what arrived, runs timers, sends
 * client.send(client.server(), payload);    // once listener.onConnected has run
 * }</pre>
 *
 * <p><b>Who drives it.</b> By default nobody but the caller: {@link #update()}, called once per
 * frame or tick, reads every waiting datagram, calls the {@link PeerListener}, notices timeouts and
 * sends what is due, on the calling thread. That is the default because a game already has a loop,
 * and messages then arrive at a known point of the frame, on the game's thread, with no lock around
 * the game's state. {@link #start()} instead gives the node a thread of its own, which waits on the
 * socket and calls the listener there; sends from other threads then wake it. Every public method
 * is thread-safe either way (they synchronize on the node).
 *
 * <p><b>Connecting.</b> The client sends a padded request; the server answers with a smaller
 * challenge carrying a cookie, a MAC of the client's address, nonce and an expiry, under a key only
 * the server knows, and keeps nothing. The client echoes the cookie in a padded response; only
 * then, its address proven, does the server create the connection and send the token (see {@link
 * ControlPacket} for the formats). A cookie connects once: a replay is refused and counted. Only a
 * server with its maximum of peers refuses a client ({@link ServerHandshake} says why its bounded
 * memory of used cookies never does), and a client that completes a handshake from the address of a
 * connected peer with a newer cookie replaces it ({@link DisconnectReason#REPLACED}): it crashed
 * and came back. Datagrams from addresses that have no connection and are not handshake packets are
 * dropped unread and counted ({@link NodeCounters#unknownDatagrams()}), at most {@value
 * #MAX_DATAGRAMS_PER_UPDATE} per update, so a flood can cost neither memory nor more than bounded
 * time per frame.
 *
 * <p><b>What cannot be read.</b> Packets the reliable layer rejects, and messages the listener
 * reports with {@link #reportUnreadable}, are counted per peer, logged in bounded summaries, and
 * end a peer that sends more than {@link NodeConfig#maxUnreadableMessages()}. A listener may
 * disconnect a peer, or close the node, while it handles that peer's message: the rest of the
 * packet is then discarded ({@link NodeCounters#discardedAfterDisconnect()}).
 *
 * <p><b>Flight recorder.</b> The node records JDK Flight Recorder events on its rare paths: {@code
 * dev.herald.net.PeerConnected}, {@code dev.herald.net.PeerDisconnected} (with the reason), {@code
 * dev.herald.net.UnreadableMessage} (each {@link #reportUnreadable}) and {@code
 * dev.herald.net.ProtocolError} (each packet the reliable layer rejected), in the categories Herald
 * / Network. None is recorded for a message that arrives or leaves as it should; a recording that
 * does not enable them costs nothing.
 *
 * <p>Nothing is encrypted: someone who sees the traffic can read it and, knowing the token, forge
 * packets (see {@link Connection} for what the reliable layer still promises then).
 *
 * @since 0.1
 */
public final class UdpNode implements AutoCloseable {

  /** The most datagrams one {@link #update()} reads; the rest wait for the next. */
  public static final int MAX_DATAGRAMS_PER_UPDATE = 4096;

  /** How many copies of a disconnect packet are sent: it is never resent. */
  static final int DISCONNECT_COPIES = 3;

  private static final long THREAD_TICK_MILLIS = 5;

  private static final System.Logger LOG = System.getLogger(UdpNode.class.getName());

  private final NodeConfig config;
  private final PeerListener listener;
  private final DatagramChannel channel;
  private final Ticker clock;
  private final SecureRandom random = new SecureRandom();
  private final ByteBuffer receiveBuffer;
  private final byte[] receiveBytes;

  /** The packet being sent, written by the connection in place: nothing allocated per datagram. */
  private final byte[] sendBytes;

  private final ByteBuffer sendBuffer;

  /** Peers that received or were given something since the last update: flushed at the next. */
  private Peer[] flushList = new Peer[1];

  private int flushCount;

  /**
   * Every connected peer by its next deadline (resend, keep-alive, timeout, budget, log): an update
   * visits only the peers whose deadline has come, and those on the flush list, so idle peers cost
   * an update nothing however many there are.
   */
  private final PeerTimers timers = new PeerTimers();

  /** Visits of peers whose deadline came, for the tests that check idle peers are left alone. */
  private long timerVisits;

  /** Waits on the selector without adding to its set of selected keys, which would allocate. */
  private final SelectionKeyIgnorer ignoreKeys = new SelectionKeyIgnorer();

  private final NodeCounters counters = new NodeCounters();
  private final Map<InetSocketAddress, Peer> peers = new LinkedHashMap<>();

  /** The socket's address and the node's role, as the flight recorder's events name them. */
  private final String eventName;

  private final String eventRole;

  /** Server only: answers and judges handshakes. */
  private final ServerHandshake serverHandshake;

  /** Client only: the handshake with the server. */
  private final ClientHandshake clientHandshake;

  /** Client only: the server. */
  private final Peer server;

  private long nextPeerId = 1;
  private Selector selector;
  private Thread thread;
  private volatile boolean closed;

  private UdpNode(
      NodeConfig config,
      PeerListener listener,
      DatagramChannel channel,
      Ticker clock,
      InetSocketAddress serverAddress) {
    this.config = config;
    this.listener = listener;
    this.channel = channel;
    this.clock = clock;
    this.receiveBytes = new byte[config.connection().maxPacketSize() + 1];
    this.receiveBuffer = ByteBuffer.wrap(receiveBytes);
    this.sendBytes = new byte[config.connection().maxPacketSize()];
    this.sendBuffer = ByteBuffer.wrap(sendBytes);
    this.eventName = NodeEvents.text(localAddress());
    this.eventRole = serverAddress == null ? "server" : "client";
    if (serverAddress == null) {
      this.serverHandshake = new ServerHandshake(config, counters, random);
      this.clientHandshake = null;
      this.server = null;
    } else {
      this.serverHandshake = null;
      this.server = new Peer(this, serverAddress, nextPeerId++, nonZero(), Peer.State.REQUESTING);
      long now = clock.nanoTime();
      this.clientHandshake = new ClientHandshake(config, counters, server, now);
      sendHandshake(server, now);
    }
  }

  /**
   * Opens a server socket bound to {@code bind} (port 0 picks a free port: see {@link
   * #localAddress()}).
   */
  public static UdpNode server(InetSocketAddress bind, NodeConfig config, PeerListener listener)
      throws IOException {
    return server(bind, config, listener, Ticker.system());
  }

  /**
   * Like {@link #server(InetSocketAddress, NodeConfig, PeerListener)}, reading time from {@code
   * clock}.
   */
  public static UdpNode server(
      InetSocketAddress bind, NodeConfig config, PeerListener listener, Ticker clock)
      throws IOException {
    Objects.requireNonNull(bind, "bind");
    return new UdpNode(
        Objects.requireNonNull(config, "config"),
        Objects.requireNonNull(listener, "listener"),
        open(bind, config),
        Objects.requireNonNull(clock, "clock"),
        null);
  }

  /**
   * Opens a client socket on a free port (on the loopback interface if the server is on it, on
   * every interface otherwise) and sends the first connection request to {@code server}. The
   * listener's {@code onConnected} runs when the handshake completes, {@code onDisconnected} with
   * {@link DisconnectReason#HANDSHAKE_TIMED_OUT} or {@link DisconnectReason#SERVER_FULL} if it does
   * not.
   */
  public static UdpNode client(InetSocketAddress server, NodeConfig config, PeerListener listener)
      throws IOException {
    return client(server, config, listener, Ticker.system());
  }

  /**
   * Like {@link #client(InetSocketAddress, NodeConfig, PeerListener)}, reading time from {@code
   * clock}.
   */
  public static UdpNode client(
      InetSocketAddress server, NodeConfig config, PeerListener listener, Ticker clock)
      throws IOException {
    Objects.requireNonNull(server, "server");
    if (server.isUnresolved()) {
      throw new IllegalArgumentException(
          "cannot resolve the server's host name " + server.getHostString());
    }
    InetAddress local = server.getAddress().isLoopbackAddress() ? server.getAddress() : null;
    return new UdpNode(
        Objects.requireNonNull(config, "config"),
        Objects.requireNonNull(listener, "listener"),
        open(new InetSocketAddress(local, 0), config),
        Objects.requireNonNull(clock, "clock"),
        server);
  }

  private static DatagramChannel open(InetSocketAddress bind, NodeConfig config)
      throws IOException {
    DatagramChannel channel = DatagramChannel.open();
    try {
      channel.configureBlocking(false);
      channel.setOption(StandardSocketOptions.SO_RCVBUF, config.receiveBuffer());
      channel.bind(bind);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
    return channel;
  }

  /** The address the socket is bound to. */
  public InetSocketAddress localAddress() {
    try {
      return (InetSocketAddress) channel.getLocalAddress();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The socket receive buffer the operating system granted, in bytes, as it reports it (Linux
   * reports twice what it holds for data, and grants at most {@code net.core.rmem_max} of what
   * {@link NodeConfig#withReceiveBuffer} asks): if it is much less than asked, raise the system's
   * limit, or datagrams arriving while the node is busy are dropped.
   */
  public int receiveBufferSize() {
    try {
      return channel.getOption(StandardSocketOptions.SO_RCVBUF);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The server this client connects to (connected or not yet).
   *
   * @throws IllegalStateException on a server
   */
  public Peer server() {
    if (server == null) {
      throw new IllegalStateException("a server node has many peers and no server: see peers()");
    }
    return server;
  }

  /** The peers connected now, in order of connection. */
  public synchronized List<Peer> peers() {
    return new ArrayList<>(peers.values());
  }

  /** A snapshot of the node's counters. */
  public synchronized NodeCounters counters() {
    return counters.copy();
  }

  /**
   * Does one frame's work: reads every waiting datagram (up to {@value #MAX_DATAGRAMS_PER_UPDATE})
   * and calls the listener for what they bring, resends handshake packets, notices timeouts, and
   * sends every packet due. Does nothing once closed. It visits only the peers that received or
   * were given something and those whose next deadline (a timeout, a resend, a keep-alive, the
   * bandwidth budget) has come: peers with nothing due cost an update nothing, however many.
   *
   * @throws RuntimeException what the listener threw, after the node's state was made whole
   */
  public synchronized void update() {
    if (closed) {
      return;
    }
    long now = clock.nanoTime();
    readDatagrams(now);
    if (closed) {
      return; // a listener closed the node: its socket is gone
    }
    if (clientHandshake != null && clientHandshake.underWay()) {
      continueHandshake(now);
    }
    runDueTimers(now);
    flushListed();
    if (serverHandshake != null) {
      serverHandshake.forgetExpired(now);
    }
  }

  /**
   * Visits the peers whose deadline has come: their timeouts, their failure, what the clock made
   * due for them (a resend, a keep-alive, a packet the budget now lets go, a log summary). Each
   * visit sets the peer's next deadline.
   */
  private void runDueTimers(long now) {
    for (Peer peer = timers.due(now); peer != null && !closed; peer = timers.due(now)) {
      timerVisits++;
      peer.connection.update();
      if (dropIfFailed(peer)) {
        timers.remove(peer); // dropped already; never left behind, or the loop would not end
        continue;
      }
      log(peer.unreadable.summaryDue(peer, now, config.unreadableLogInterval().toNanos()));
      flush(peer); // sets the next deadline
      if (timers.deadlineOf(peer) - now <= 0) {
        // Nothing could be done now after all (a deadline is never late, but may be early):
        // look again at the next update rather than loop on it in this one.
        timers.schedule(peer, now + 1);
      }
    }
  }

  /**
   * Sets when the node must next look at {@code peer} unprompted: its connection's next deadline,
   * or the next summary of its unreadable messages if that is sooner.
   */
  private void schedule(Peer peer) {
    timers.schedule(peer, peer.unreadable.summaryDeadline(peer.connection.nextDeadlineNanos()));
  }

  /** Flushes the peers listed since the last update, and those a listener lists on the way. */
  private void flushListed() {
    for (int i = 0; i < flushCount; i++) {
      Peer peer = flushList[i];
      flushList[i] = null;
      peer.flushDue = false;
      if (!dropIfFailed(peer)) {
        flush(peer);
      }
    }
    flushCount = 0;
  }

  /**
   * Lists {@code peer} to be flushed at the next update: it received a packet or was given
   * something to send.
   */
  private void flushAtNextUpdate(Peer peer) {
    if (peer.flushDue) {
      return;
    }
    if (flushCount == flushList.length) {
      flushList = java.util.Arrays.copyOf(flushList, 2 * flushList.length);
    }
    peer.flushDue = true;
    flushList[flushCount++] = peer;
  }

  /**
   * Waits until a datagram is waiting or {@code max} has passed, whichever comes first: for a loop
   * that has nothing else to do between {@link #update()}s. Returns at once once the node is closed
   * (a listener may close it during an update).
   *
   * @throws IllegalStateException if the node runs on its own thread
   */
  public void awaitDatagram(Duration max) throws IOException {
    Selector waiting;
    synchronized (this) {
      if (closed) {
        return;
      }
      if (thread != null) {
        throw new IllegalStateException("the node runs on its own thread, which does the waiting");
      }
      waiting = selector();
    }
    waiting.select(ignoreKeys, Math.max(1, max.toMillis()));
  }

  /**
   * Runs the node on a thread of its own (a daemon named after the local address), which waits on
   * the socket and updates the node when datagrams arrive, after a send, and every few milliseconds
   * for timers. The listener is then called on that thread; {@link #update()} need not be called.
   * Stopped by {@link #close()}.
   */
  public synchronized void start() throws IOException {
    if (thread != null) {
      throw new IllegalStateException("already started");
    }
    if (closed) {
      throw new IllegalStateException("closed");
    }
    Selector waiting = selector();
    thread =
        new Thread(
            new Runnable() {
              @Override
              public void run() {
                runLoop(waiting);
              }
            },
            "herald-udp-node " + localAddress());
    thread.setDaemon(true);
    thread.start();
  }

  private void runLoop(Selector waiting) {
    while (!closed) {
      try {
        waiting.select(ignoreKeys, THREAD_TICK_MILLIS);
        update();
      } catch (IOException | RuntimeException e) {
        if (!closed) {
          LOG.log(
              System.Logger.Level.WARNING,
              "Herald: the UDP node's listener or socket failed; the node goes on",
              e);
        }
      }
    }
  }

  private Selector selector() throws IOException {
    if (selector == null) {
      selector = Selector.open();
      channel.register(selector, SelectionKey.OP_READ);
    }
    return selector;
  }

  /**
   * Sends {@code payload} reliably to {@code peer}, to be executed there after the messages named
   * by {@code dependsOn}; returns the new message's handle. The packet leaves at the next update
   * (at once on a started node).
   *
   * @throws IllegalStateException if the peer is not connected or the send window is full
   * @throws IllegalArgumentException as {@link Connection#trySend} does, or if the peer is another
   *     node's
   */
  public MessageDependency send(Peer peer, byte[] payload, MessageDependency... dependsOn) {
    MessageDependency handle = new MessageDependency();
    SendStatus status = trySend(peer, handle, payload, dependsOn);
    if (status != SendStatus.ACCEPTED) {
      throw new IllegalStateException(
          "cannot send to "
              + peer
              + ": "
              + (status == SendStatus.WINDOW_FULL
                  ? "the send window is full; wait for acknowledgements (see trySend)"
                  : status == SendStatus.QUEUE_FULL
                      ? "the queue waiting for the bandwidth budget is full (see trySend)"
                      : "the peer is gone"));
    }
    return handle;
  }

  /**
   * Queues {@code payload} for {@code peer} with no dependency, like {@link
   * Connection#trySend(MessageDependency, byte[])}: the call makes no empty array of dependencies.
   * Returns {@link SendStatus#CONNECTION_FAILED} if the peer is not connected.
   */
  public synchronized SendStatus trySend(Peer peer, MessageDependency into, byte[] payload) {
    Connection connection = connectionOf(peer);
    if (connection == null) {
      return SendStatus.CONNECTION_FAILED;
    }
    SendStatus status = connection.trySend(into, payload);
    flushAtNextUpdate(peer);
    wakeThread();
    return status;
  }

  /**
   * Queues {@code payload} for {@code peer} after the one message {@code dependsOn} names, like
   * {@link Connection#trySend(MessageDependency, byte[], MessageDependency)}: no array is made for
   * the dependency. Returns {@link SendStatus#CONNECTION_FAILED} if the peer is not connected.
   */
  public synchronized SendStatus trySend(
      Peer peer, MessageDependency into, byte[] payload, MessageDependency dependsOn) {
    Connection connection = connectionOf(peer);
    if (connection == null) {
      return SendStatus.CONNECTION_FAILED;
    }
    SendStatus status = connection.trySend(into, payload, dependsOn);
    flushAtNextUpdate(peer);
    wakeThread();
    return status;
  }

  /**
   * Queues {@code payload} for {@code peer} like {@link Connection#trySend}; returns {@link
   * SendStatus#CONNECTION_FAILED} if the peer is not connected.
   */
  public synchronized SendStatus trySend(
      Peer peer, MessageDependency into, byte[] payload, MessageDependency... dependsOn) {
    Connection connection = connectionOf(peer);
    if (connection == null) {
      return SendStatus.CONNECTION_FAILED;
    }
    SendStatus status = connection.trySend(into, payload, dependsOn);
    flushAtNextUpdate(peer);
    wakeThread();
    return status;
  }

  /**
   * Sends {@code payload} to {@code peer} once, unreliably: never resent, and dropped by the peer
   * if a newer snapshot arrived first. For latest-state messages (positions) that the next one
   * replaces. Returns false if the peer is not connected.
   *
   * @throws IllegalArgumentException if the payload does not fit one datagram
   */
  public synchronized boolean sendSnapshot(Peer peer, byte[] payload) {
    int room = config.connection().maxPacketSize() - ControlPacket.SNAPSHOT_HEADER_SIZE;
    if (payload.length > room) {
      throw new IllegalArgumentException(
          "snapshot of "
              + payload.length
              + " bytes exceeds the "
              + room
              + " that fit a packet of "
              + config.connection().maxPacketSize()
              + " bytes: send it reliably, or split it");
    }
    Connection connection = connectionOf(peer);
    if (connection == null) {
      return false;
    }
    if (config.connection().bandwidth() > 0) {
      // Within a budget, the snapshot waits for room after the reliable messages; a newer
      // one replaces it (see flush).
      connection.offerSnapshot(payload, 0, payload.length);
      flush(peer);
      return true;
    }
    transmit(
        peer.address(),
        ControlPacket.snapshot(connection.token(), peer.nextSnapshotOut++, payload));
    return true;
  }

  private Connection connectionOf(Peer peer) {
    Objects.requireNonNull(peer, "peer");
    if (peer.node() != this) {
      throw new IllegalArgumentException(peer + " is a peer of another node");
    }
    return peer.state == Peer.State.CONNECTED ? peer.connection : null;
  }

  /**
   * Says goodbye to {@code peer}: sends what is queued for it now, then a disconnect packet (a few
   * copies, as it is never resent), and forgets it. Messages the peer has not yet acknowledged may
   * never arrive. The listener hears {@link DisconnectReason#CLOSED_HERE}. Does nothing if the peer
   * is already gone.
   */
  public synchronized void disconnect(Peer peer) {
    connectionOf(peer);
    if (peer.state == Peer.State.GONE) {
      return;
    }
    if (peer.state == Peer.State.CONNECTED) {
      sayGoodbye(peer);
    }
    drop(peer, DisconnectReason.CLOSED_HERE);
  }

  private void sayGoodbye(Peer peer) {
    flush(peer);
    byte[] goodbye = ControlPacket.disconnect(peer.connection.token());
    for (int i = 0; i < DISCONNECT_COPIES; i++) {
      transmit(peer.address(), goodbye);
    }
  }

  /**
   * Tells the node that a message from {@code peer} could not be read by the layer above it (a
   * {@code UdpBridge} reports each message that does not decode); call it from the listener. It is
   * counted for the peer ({@link Peer#unreadableMessages()}) and the node ({@link
   * NodeCounters#unreadableMessages()}), logged at most once per {@link
   * NodeConfig#unreadableLogInterval()} per peer (a WARNING with the counts and the last reason,
   * never a stack trace), and once the peer has sent more than {@link
   * NodeConfig#maxUnreadableMessages()} the node says goodbye to it and drops it with {@link
   * DisconnectReason#UNREADABLE_MESSAGES}: what its packet holds after this message is then
   * discarded. Does nothing for a peer that is gone.
   *
   * @param reason what was wrong, in a few words; only its first {@value
   *     UnreadableMessages#MAX_REASON_LENGTH} characters are logged
   * @throws IllegalArgumentException if the peer is another node's
   */
  public synchronized void reportUnreadable(Peer peer, String reason) {
    if (connectionOf(peer) == null) {
      return;
    }
    countUnreadable(peer, reason);
    NodeEvents.unreadable(eventName, peer, reason);
    dropIfTooManyUnreadable(peer);
    if (peer.state == Peer.State.CONNECTED) {
      schedule(peer); // a summary may now be due at a time of its own
    }
  }

  private void countUnreadable(Peer peer, String reason) {
    counters.unreadableMessages++;
    log(
        peer.unreadable.count(
            peer, reason, clock.nanoTime(), config.unreadableLogInterval().toNanos()));
  }

  private void dropIfTooManyUnreadable(Peer peer) {
    if (peer.unreadable.total() > config.maxUnreadableMessages()) {
      log(peer.unreadable.dropped(peer, config.maxUnreadableMessages()));
      sayGoodbye(peer);
      drop(peer, DisconnectReason.UNREADABLE_MESSAGES);
    }
  }

  private static void log(String record) {
    if (record != null) {
      LOG.log(System.Logger.Level.WARNING, record);
    }
  }

  /**
   * Disconnects every peer, stops the node's thread if it has one (waiting for it unless called on
   * it), and closes the socket. Idempotent.
   */
  @Override
  public void close() {
    Thread running;
    synchronized (this) {
      if (closed) {
        return;
      }
      for (Peer peer : peers.values().toArray(new Peer[0])) {
        disconnect(peer);
      }
      if (server != null && server.state != Peer.State.GONE) {
        drop(server, DisconnectReason.CLOSED_HERE);
      }
      closed = true;
      running = thread;
    }
    if (selector != null) {
      selector.wakeup();
    }
    if (running != null && running != Thread.currentThread()) {
      try {
        running.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (this) {
      closeQuietly();
    }
  }

  private void closeQuietly() {
    try {
      if (selector != null) {
        selector.close();
      }
      channel.close();
    } catch (IOException e) {
      LOG.log(System.Logger.Level.DEBUG, "Herald: closing the UDP socket failed", e);
    }
  }

  /** Whether {@link #close()} was called. */
  public boolean isClosed() {
    return closed;
  }

  // ---- receiving ---------------------------------------------------------------------------

  private void readDatagrams(long now) {
    for (int i = 0; i < MAX_DATAGRAMS_PER_UPDATE && !closed; i++) { // a listener may close the node
      receiveBuffer.clear();
      SocketAddress from;
      try {
        from = channel.receive(receiveBuffer);
      } catch (IOException e) {
        // e.g. an ICMP error reported on the socket; the next datagram may be fine
        counters.sendFailures++;
        continue;
      }
      if (from == null) {
        return;
      }
      onDatagram((InetSocketAddress) from, receiveBuffer.position(), now);
    }
  }

  /**
   * What every datagram read goes through: its bytes are the first {@code length} of {@code
   * receiveBytes}.
   */
  private void onDatagram(InetSocketAddress sender, int length, long now) {
    counters.datagramsReceived++;
    if (ControlPacket.isControl(receiveBytes, length)) {
      onControl(sender, length, now);
    } else {
      onPacket(sender, length);
    }
  }

  private void onPacket(InetSocketAddress sender, int length) {
    Peer peer = peers.get(sender);
    if (peer == null) {
      counters.unknownDatagrams++;
      return;
    }
    flushAtNextUpdate(peer); // what it acknowledges may let messages go, what it carries is owed an
    // acknowledgement
    try {
      peer.connection.receive(receiveBytes, 0, length);
    } catch (ProtocolException e) {
      counters.protocolErrors++;
      NodeEvents.protocolError(eventName, peer, e);
      if (peer.state == Peer.State.CONNECTED) {
        countUnreadable(peer, "a packet broke the protocol: " + e.getMessage());
        dropIfTooManyUnreadable(peer);
      }
    } finally {
      // What the connection owes the peer goes out in update() once every datagram waiting
      // has been read: one acknowledgement for the batch, not one per datagram.
      dropIfFailed(peer);
    }
  }

  private void onControl(InetSocketAddress sender, int length, long now) {
    int kind = receiveBytes[0] & 0xFF;
    switch (kind) {
      case ControlPacket.REQUEST:
        onRequest(sender, length, now);
        break;
      case ControlPacket.RESPONSE:
        onResponse(sender, length, now);
        break;
      case ControlPacket.CHALLENGE:
        onChallenge(sender, length, now);
        break;
      case ControlPacket.ACCEPT:
        onAccept(sender, length);
        break;
      case ControlPacket.DENIED:
        onDenied(sender, length);
        break;
      case ControlPacket.DISCONNECT:
        onDisconnect(sender, length);
        break;
      case ControlPacket.SNAPSHOT:
        onSnapshot(sender, length);
        break;
      default:
        counters.malformedHandshakes++;
    }
  }

  /** Server: answers with a cookie and remembers nothing. */
  private void onRequest(InetSocketAddress sender, int length, long now) {
    if (serverHandshake == null) {
      counters.malformedHandshakes++; // a client answers no requests
      return;
    }
    byte[] challenge = serverHandshake.answer(sender, receiveBytes, length, now);
    if (challenge != null) {
      transmit(sender, challenge);
    }
  }

  /** Server: a client that echoes a valid cookie has proved its address; connect it. */
  private void onResponse(InetSocketAddress sender, int length, long now) {
    if (serverHandshake == null) {
      counters.malformedHandshakes++; // a client accepts nobody
      return;
    }
    Peer existing = peers.get(sender);
    long nonce = ServerHandshake.nonceOf(receiveBytes);
    switch (serverHandshake.judge(sender, receiveBytes, length, now, existing, peers.size())) {
      case ACCEPT_AGAIN:
        transmit(sender, ControlPacket.accept(nonce, existing.connection.token()));
        break;
      case CHALLENGE_AGAIN:
        transmit(sender, serverHandshake.challengeAgain(sender, receiveBytes, now));
        break;
      case REFUSE:
        transmit(sender, ControlPacket.denied(nonce));
        break;
      case REPLACE:
        long expiry = ServerHandshake.expiryOf(receiveBytes); // read before the listener runs
        drop(existing, DisconnectReason.REPLACED);
        if (!closed) {
          connect(sender, nonce, expiry);
        }
        break;
      case ACCEPT:
        connect(sender, nonce, ServerHandshake.expiryOf(receiveBytes));
        break;
      default:
        break;
    }
  }

  private void connect(InetSocketAddress client, long nonce, long cookieExpiry) {
    Peer peer = new Peer(this, client, nextPeerId++, nonce, Peer.State.CONNECTED);
    peer.cookieExpiry = cookieExpiry;
    peer.connection = new Connection(config.connection(), nonZero(), clock, peer.inbox(listener));
    peers.put(client, peer);
    schedule(peer);
    transmit(client, ControlPacket.accept(nonce, peer.connection.token()));
    NodeEvents.peerConnected(eventName, eventRole, peer);
    listener.onConnected(peer);
  }

  /** Counts a message of a peer that was disconnected while its packet was being read. */
  void discardedAfterDisconnect() {
    counters.discardedAfterDisconnect++;
  }

  /** Client: the server's cookie; echo it. */
  private void onChallenge(InetSocketAddress sender, int length, long now) {
    if (fromTheServer() && clientHandshake.onChallenge(sender, receiveBytes, length)) {
      sendHandshake(server, now);
    }
  }

  /** Client: the server took us; the connection starts with its token. */
  private void onAccept(InetSocketAddress sender, int length) {
    if (!fromTheServer() || !clientHandshake.onAccept(sender, receiveBytes, length)) {
      return;
    }
    server.connection =
        new Connection(
            config.connection(),
            ControlPacket.getLong(receiveBytes, 9),
            clock,
            server.inbox(listener));
    peers.put(server.address(), server);
    NodeEvents.peerConnected(eventName, eventRole, server);
    listener.onConnected(server);
    flush(server); // the first packet tells the server we have the token
  }

  private void onDenied(InetSocketAddress sender, int length) {
    if (fromTheServer() && clientHandshake.onDenied(sender, receiveBytes, length)) {
      drop(server, DisconnectReason.SERVER_FULL);
    }
  }

  /**
   * Whether this node is a client, which alone hears from a server; a server counts the datagram
   * unknown.
   */
  private boolean fromTheServer() {
    if (clientHandshake == null) {
      counters.unknownDatagrams++;
      return false;
    }
    return true;
  }

  private void onDisconnect(InetSocketAddress sender, int length) {
    Peer peer = connectedPeerWithToken(sender, length, ControlPacket.DISCONNECT_SIZE);
    if (peer != null) {
      drop(peer, DisconnectReason.CLOSED_BY_PEER);
    }
  }

  private void onSnapshot(InetSocketAddress sender, int length) {
    Peer peer = connectedPeerWithToken(sender, length, ControlPacket.SNAPSHOT_HEADER_SIZE);
    if (peer == null) {
      return;
    }
    if (!peer.acceptSnapshot(ControlPacket.getInt(receiveBytes, 9))) {
      counters.staleSnapshots++;
      return;
    }
    listener.onSnapshot(
        peer,
        receiveBytes,
        ControlPacket.SNAPSHOT_HEADER_SIZE,
        length - ControlPacket.SNAPSHOT_HEADER_SIZE);
  }

  /** The connected peer at {@code sender} if the datagram is long enough and carries its token. */
  private Peer connectedPeerWithToken(InetSocketAddress sender, int length, int minLength) {
    Peer peer = peers.get(sender);
    if (peer == null
        || length < minLength
        || ControlPacket.getLong(receiveBytes, 1) != peer.connection.token()) {
      counters.unknownDatagrams++;
      return null;
    }
    return peer;
  }

  // ---- sending and timers ------------------------------------------------------------------

  private void continueHandshake(long now) {
    switch (clientHandshake.due(now)) {
      case TIMED_OUT:
        drop(server, DisconnectReason.HANDSHAKE_TIMED_OUT);
        break;
      case RESEND:
        sendHandshake(server, now);
        break;
      default:
        break;
    }
  }

  private void sendHandshake(Peer peer, long now) {
    peer.handshakeSentNanos = now;
    transmit(peer.address(), peer.handshakePacket);
  }

  private void flush(Peer peer) {
    Connection connection = peer.connection;
    for (int length = connection.poll(sendBytes); length > 0; length = connection.poll(sendBytes)) {
      sendBuffer.clear().limit(length);
      transmit(peer.address(), sendBuffer);
    }
    int length =
        connection.pollSnapshot(
            sendBytes, ControlPacket.SNAPSHOT_HEADER_SIZE, ControlPacket.SNAPSHOT_HEADER_SIZE);
    if (length >= 0) {
      sendBytes[0] = (byte) ControlPacket.SNAPSHOT;
      ControlPacket.putLong(sendBytes, 1, connection.token());
      ControlPacket.putInt(sendBytes, 9, peer.nextSnapshotOut++);
      sendBuffer.clear().limit(ControlPacket.SNAPSHOT_HEADER_SIZE + length);
      transmit(peer.address(), sendBuffer);
    }
    if (peer.state == Peer.State.CONNECTED) {
      schedule(peer); // what was just sent, or left waiting for the budget, moves its deadline
    }
  }

  private boolean dropIfFailed(Peer peer) {
    if (peer.state != Peer.State.CONNECTED) {
      return true; // the listener disconnected it while it was being read
    }
    if (peer.connection.failure() == null) {
      return false;
    }
    peer.connectionError = peer.connection.failure();
    drop(peer, DisconnectReason.of(peer.connectionError));
    return true;
  }

  private void drop(Peer peer, DisconnectReason reason) {
    log(peer.unreadable.summaryAtTheEnd(peer));
    peers.remove(peer.address());
    timers.remove(peer);
    boolean wasConnected = peer.state == Peer.State.CONNECTED;
    peer.state = Peer.State.GONE;
    peer.disconnectReason = reason;
    NodeEvents.peerDisconnected(
        eventName, eventRole, peer, reason, peer.connectionError, wasConnected);
    listener.onDisconnected(peer, reason);
  }

  private void transmit(InetSocketAddress to, byte[] datagram) {
    transmit(to, ByteBuffer.wrap(datagram));
  }

  private void transmit(InetSocketAddress to, ByteBuffer datagram) {
    try {
      if (channel.send(datagram, to) == 0) {
        counters.sendFailures++; // the socket's buffer is full: as if lost on the way
      } else {
        counters.datagramsSent++;
      }
    } catch (IOException e) {
      counters.sendFailures++;
    }
  }

  private void wakeThread() {
    if (thread != null && selector != null) {
      selector.wakeup();
    }
  }

  private long nonZero() {
    long value;
    do {
      value = random.nextLong();
    } while (value == 0);
    return value;
  }

  // ---- test hooks: package-private, called by tests only, never by the node itself ---------

  /**
   * For the fuzz test: handles {@code datagram} as if read from the socket from {@code sender} (cut
   * to the receive buffer's size, as the socket would).
   */
  synchronized void receiveAsIfFromForTests(InetSocketAddress sender, byte[] datagram) {
    int length = Math.min(datagram.length, receiveBytes.length);
    System.arraycopy(datagram, 0, receiveBytes, 0, length);
    onDatagram(sender, length, clock.nanoTime());
  }

  /**
   * For the fuzz test: a valid RESPONSE from {@code client}, as if it had echoed a real challenge.
   */
  synchronized byte[] validResponseForTests(InetSocketAddress client, long nonce) {
    return serverHandshake.validResponseForTests(client, nonce, clock.nanoTime());
  }

  /**
   * For the handshake tests: how many accepted cookies the server remembers to refuse their
   * replays, its only state per handshake; 0 on a client.
   */
  synchronized int rememberedNoncesForTests() {
    return serverHandshake == null ? 0 : serverHandshake.remembered();
  }

  /**
   * For the timer tests: how many times an update has visited a peer because its deadline came;
   * peers with nothing due are never visited.
   */
  synchronized long timerVisitsForTests() {
    return timerVisits;
  }

  /** For the timer tests: the next time the node will look at {@code peer} unprompted. */
  synchronized long deadlineForTests(Peer peer) {
    return timers.deadlineOf(peer);
  }

  /**
   * Takes the keys a selector finds ready and does nothing with them: the node reads its one socket
   * until it is empty whichever keys are ready, and the set of selected keys that {@link
   * Selector#select(long)} fills would allocate an entry at each wake-up.
   */
  private static final class SelectionKeyIgnorer
      implements java.util.function.Consumer<SelectionKey> {
    @Override
    public void accept(SelectionKey key) {
      // nothing: the update that follows reads the socket
    }
  }

  @Override
  public String toString() {
    return (server == null ? "UdpNode[server " : "UdpNode[client ")
        + localAddress()
        + ", "
        + peers.size()
        + " peers]";
  }
}
