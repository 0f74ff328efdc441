package dev.herald.micrometer;

import dev.herald.net.udp.Peer;
import dev.herald.net.udp.UdpNode;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Binds a {@link UdpNode}'s counters, and its peers' round trip and loss, to a Micrometer registry.
 * For a {@code UdpBridge}, bind its {@code node()}.
 *
 * <p>The node's {@link dev.herald.net.udp.NodeCounters} become function counters, read when the
 * registry reads them: {@code herald.node.received}, {@code .sent}, {@code .unknown}, {@code
 * .send.failed} (datagrams); {@code herald.node.handshakes.malformed}, {@code .challenges.sent},
 * {@code .cookies.bad}, {@code .cookies.replayed}, {@code .cookies.stale}, {@code .protocol.errors}
 * (packets); {@code herald.node.accepted}, {@code .refused}, {@code .replaced} (peers); {@code
 * herald.node.snapshots.stale} (snapshots); {@code herald.node.discarded}, {@code .unreadable}
 * (messages). The gauge {@code herald.node.connected} counts the peers connected now.
 *
 * <p>Each connected peer has meters of its own, tagged {@code peer} with its address ({@code
 * 127.0.0.1:7777}): the time gauge {@code herald.node.peer.round.trip} (the smoothed round trip),
 * the gauge {@code herald.node.peer.loss} (packets declared lost over packets sent since it
 * connected), and the function counters {@code herald.node.peer.sent}, {@code .lost} (packets) and
 * {@code .retransmitted} (messages). Peers come and go: the binder brings these meters in step with
 * the node's peers when it is bound, every {@linkplain #UdpNodeMetrics(UdpNode, Iterable, Duration)
 * peer refresh interval} on a daemon thread of its own, and at each {@link #refreshPeers()}; a
 * peer's meters are removed from the registry once it is gone. The thread stops when the node is
 * closed, or at {@link #close()}. Several binders of one node may share a registry: a per-peer
 * meter they both registered stays until the last of them lets it go.
 *
 * <p>Reading the meters takes the node's lock for as long as it takes to copy its counters: a
 * scrape waits at most for the node's update in progress. Nothing is added to the node's own work.
 *
 * @since 0.1
 */
public final class UdpNodeMetrics implements MeterBinder, AutoCloseable {

  /** How often the per-peer meters are brought in step with the node's peers by default. */
  public static final Duration DEFAULT_PEER_REFRESH = Duration.ofSeconds(5);

  private final UdpNode node;
  private final Tags tags;
  private final long refreshMillis;

  /** The per-peer meters in each registry bound, by peer. Guarded by this. */
  private final Map<MeterRegistry, Map<Peer, List<Meter>>> bound = new LinkedHashMap<>();

  private Timer timer;
  private boolean closed;

  /** Binds {@code node}'s meters with no extra tags. */
  public UdpNodeMetrics(UdpNode node) {
    this(node, Tags.empty());
  }

  /** Binds {@code node}'s meters with {@code tags} added to each (to tell several nodes apart). */
  public UdpNodeMetrics(UdpNode node, Iterable<Tag> tags) {
    this(node, tags, DEFAULT_PEER_REFRESH);
  }

  /**
   * Binds {@code node}'s meters with {@code tags} added to each, bringing the per-peer meters in
   * step with the node's peers every {@code peerRefresh}.
   *
   * @throws IllegalArgumentException if {@code peerRefresh} is not positive
   */
  public UdpNodeMetrics(UdpNode node, Iterable<Tag> tags, Duration peerRefresh) {
    this.node = Objects.requireNonNull(node, "node");
    this.tags = Tags.of(Objects.requireNonNull(tags, "tags"));
    if (peerRefresh.isNegative() || peerRefresh.isZero()) {
      throw new IllegalArgumentException(
          "peerRefresh must be positive, as often as peers should appear in the registry: "
              + peerRefresh);
    }
    this.refreshMillis = Math.max(1, peerRefresh.toMillis());
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException once these metrics are {@linkplain #close() closed}
   */
  @Override
  public void bindTo(MeterRegistry registry) {
    Objects.requireNonNull(registry, "registry");
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("these UdpNodeMetrics are closed: make new ones");
      }
    }
    for (NodeMeter meter : NodeMeter.values()) {
      FunctionCounter.builder(meter.meterName, node, meter)
          .baseUnit(meter.baseUnit)
          .description(meter.description)
          .tags(tags)
          .register(registry);
    }
    Gauge.builder("herald.node.connected", node, new ConnectedPeers())
        .baseUnit("peers")
        .description("Peers connected now")
        .tags(tags)
        .register(registry);
    synchronized (this) {
      // bound again to the same registry: its meters are held already, once
      bound.putIfAbsent(registry, new IdentityHashMap<Peer, List<Meter>>());
      refreshPeers();
      // closed while the node's meters were registered: its close stopped no thread yet
      if (timer == null && !closed && !node.isClosed()) {
        timer = new Timer("herald-micrometer peers of " + node, true);
        timer.schedule(new Refresh(), refreshMillis, refreshMillis);
      }
    }
  }

  /**
   * Brings the per-peer meters in step with the node's peers now: registers those of peers that
   * connected, removes those of peers that are gone. The binder does it on its own every peer
   * refresh interval; call it where a peer's meters must be there at once (after a connection, in a
   * test). Once the node is closed, removes every per-peer meter and stops the refresh thread.
   */
  public synchronized void refreshPeers() {
    boolean nodeClosed = node.isClosed();
    List<Peer> peers = nodeClosed || closed ? List.<Peer>of() : node.peers();
    for (Map.Entry<MeterRegistry, Map<Peer, List<Meter>>> entry : bound.entrySet()) {
      sync(entry.getKey(), entry.getValue(), peers);
    }
    if (nodeClosed) {
      stopTimer();
    }
  }

  /** Stops the refresh thread and removes every per-peer meter; the node's own meters stay. */
  @Override
  public synchronized void close() {
    closed = true;
    refreshPeers();
    stopTimer();
  }

  private void stopTimer() {
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  private void sync(MeterRegistry registry, Map<Peer, List<Meter>> meters, List<Peer> peers) {
    Set<Peer> connected = new HashSet<>(peers);
    List<Peer> gone = new ArrayList<>();
    for (Peer peer : meters.keySet()) {
      if (!connected.contains(peer)) {
        gone.add(peer);
      }
    }
    for (Peer peer : gone) {
      for (Meter meter : meters.remove(peer)) {
        SharedMeters.release(registry, meter);
      }
    }
    for (Peer peer : peers) {
      if (!meters.containsKey(peer)) {
        meters.put(peer, register(registry, peer));
      }
    }
  }

  private List<Meter> register(MeterRegistry registry, Peer peer) {
    Tags peerTags = tags.and("peer", text(peer.address()));
    List<Meter> meters = new ArrayList<>();
    for (PeerReading.Figure figure : PEER_FIGURES) {
      meters.add(
          SharedMeters.hold(registry, peer, new PeerMeter(figure, peer, peerTags, registry)));
    }
    return meters;
  }

  /** The figures each peer has a meter of, in the order its meters are registered. */
  private static final PeerReading.Figure[] PEER_FIGURES = {
    PeerReading.Figure.ROUND_TRIP,
    PeerReading.Figure.LOSS,
    PeerReading.Figure.PACKETS_SENT,
    PeerReading.Figure.PACKETS_LOST,
    PeerReading.Figure.RETRANSMISSIONS,
  };

  /** Registers one peer's meter of one figure, when {@link SharedMeters} asks for it. */
  private final class PeerMeter implements Supplier<Meter> {
    private final PeerReading.Figure figure;
    private final Peer peer;
    private final Tags peerTags;
    private final MeterRegistry registry;

    PeerMeter(PeerReading.Figure figure, Peer peer, Tags peerTags, MeterRegistry registry) {
      this.figure = figure;
      this.peer = peer;
      this.peerTags = peerTags;
      this.registry = registry;
    }

    @Override
    public Meter get() {
      switch (figure) {
        case ROUND_TRIP:
          return TimeGauge.builder(
                  "herald.node.peer.round.trip", peer, TimeUnit.NANOSECONDS, reading(figure))
              .description("The smoothed round trip to the peer, estimated from acknowledgements")
              .tags(peerTags)
              .register(registry);
        case LOSS:
          return Gauge.builder("herald.node.peer.loss", peer, reading(figure))
              .baseUnit("ratio")
              .description(
                  "Packets to the peer declared lost over packets sent, since it connected"
                      + " (0 to 1)")
              .tags(peerTags)
              .register(registry);
        case PACKETS_SENT:
          return FunctionCounter.builder("herald.node.peer.sent", peer, reading(figure))
              .baseUnit("packets")
              .description("Packets sent to the peer")
              .tags(peerTags)
              .register(registry);
        case PACKETS_LOST:
          return FunctionCounter.builder("herald.node.peer.lost", peer, reading(figure))
              .baseUnit("packets")
              .description("Packets to the peer declared lost (their messages were resent)")
              .tags(peerTags)
              .register(registry);
        case RETRANSMISSIONS:
          return FunctionCounter.builder("herald.node.peer.retransmitted", peer, reading(figure))
              .baseUnit("messages")
              .description("Messages written again to the peer: lost, or unacknowledged too long")
              .tags(peerTags)
              .register(registry);
        default:
          throw new IllegalArgumentException("No meter for " + figure);
      }
    }
  }

  private ToDoubleFunction<Peer> reading(PeerReading.Figure figure) {
    return new PeerReading(node, figure);
  }

  /** {@code 127.0.0.1:7777}, {@code [::1]:7777}: as the node's flight recorder events write it. */
  static String text(InetSocketAddress address) {
    String host = address.getHostString();
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + address.getPort();
  }

  /** The peers connected now. */
  private static final class ConnectedPeers implements ToDoubleFunction<UdpNode> {
    @Override
    public double applyAsDouble(UdpNode node) {
      return node.peers().size();
    }
  }

  /** The refresh thread's work. */
  private final class Refresh extends TimerTask {
    @Override
    public void run() {
      refreshPeers();
    }
  }
}
