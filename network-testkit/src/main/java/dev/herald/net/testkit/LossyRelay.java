package dev.herald.net.testkit;

import dev.herald.time.Ticker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A bad network between real sockets, for testing a game before its players find out: clients send
 * to the relay's {@link #address()} instead of the server's, and the relay forwards each datagram
 * both ways, lost, duplicated, delayed, jittered and reordered as the {@link LinkConditions} say
 * (the same conditions and the same seeded draws as the simulator's {@link SimulatedLink}).
 *
 * <pre>{@code
 * LinkConditions bad = LinkConditions.perfect().withLoss(0.10).withLatency(Duration.ofMillis(30), Duration.ofMillis(20));
 * try (LossyRelay relay = LossyRelay.start(serverAddress, bad, 42)) {
 *   UdpNode client = UdpNode.client(relay.address(), NodeConfig.defaults(), listener);
 *   ...
 * }
 * }</pre>
 *
 * <p>Each client is given a socket of its own towards the server, as a NAT would, so the server
 * sees one address per client. A socket is a file descriptor that lives until {@link #close()}, so
 * a relay forwards for a bounded number of clients: {@value #MAX_CLIENTS} unless started with
 * another limit; datagrams from more are dropped and counted ({@link #droppedClients()}), so stray
 * senders cannot use up the process's descriptors. The relay runs on a daemon thread of its own
 * until {@link #close()}, reading only the sockets that have datagrams waiting, so its cost follows
 * the traffic, not the number of clients. Listens on the loopback interface of the server's address
 * family.
 *
 * @since 0.1
 */
public final class LossyRelay implements AutoCloseable {

  /** The most clients a relay forwards for unless started with another limit. */
  public static final int MAX_CLIENTS = 64;

  /**
   * The highest limit a relay accepts: two sockets per client (the client's and the relay's) must
   * fit in a process's descriptors beside everything else.
   */
  public static final int MAX_CLIENTS_LIMIT = 4096;

  private static final long IDLE_WAIT_MILLIS = 50;

  /**
   * The front socket's receive buffer: every client's datagrams wait in it while the relay's thread
   * is not running, so it holds more than one client's default. The kernel may cap it.
   */
  private static final int FRONT_RECEIVE_BUFFER = 4 << 20;

  private final InetSocketAddress target;
  private final LinkConditions conditions;
  private final long seed;
  private final int maxClients;
  private final Ticker clock = Ticker.system();
  private final Selector selector;
  private final DatagramChannel front;
  private final Map<InetSocketAddress, Route> routes = new HashMap<>();
  private final List<Route> routeList = new ArrayList<>();
  private final ByteBuffer buffer = ByteBuffer.allocate(65_536);
  private final Thread thread;
  private volatile boolean closed;
  private long droppedClients;

  /** No copy on any link is due before this: the links are scanned only once it has passed. */
  private long nextDueNanos = Long.MAX_VALUE;

  private LossyRelay(InetSocketAddress target, LinkConditions conditions, long seed, int maxClients)
      throws IOException {
    this.target = target;
    this.conditions = conditions;
    this.seed = seed;
    this.maxClients = maxClients;
    this.selector = Selector.open();
    this.front = DatagramChannel.open();
    try {
      front.configureBlocking(false);
      front.setOption(StandardSocketOptions.SO_RCVBUF, FRONT_RECEIVE_BUFFER);
      front.bind(new InetSocketAddress(loopbackLike(target), 0));
      front.register(selector, SelectionKey.OP_READ);
    } catch (IOException | RuntimeException e) {
      front.close();
      selector.close();
      throw e;
    }
    this.thread =
        new Thread(
            new Runnable() {
              @Override
              public void run() {
                runLoop();
              }
            },
            "herald-lossy-relay " + address());
    thread.setDaemon(true);
  }

  /**
   * Starts a relay in front of {@code target} that treats traffic as {@code conditions} say,
   * drawing its faults from generators seeded with {@code seed}.
   */
  public static LossyRelay start(InetSocketAddress target, LinkConditions conditions, long seed)
      throws IOException {
    return start(target, conditions, seed, MAX_CLIENTS);
  }

  /**
   * Like {@link #start(InetSocketAddress, LinkConditions, long)}, forwarding for up to {@code
   * maxClients} clients instead of {@value #MAX_CLIENTS}: for a test of many players.
   *
   * @throws IllegalArgumentException if {@code maxClients} is not between 1 and {@value
   *     #MAX_CLIENTS_LIMIT}
   */
  public static LossyRelay start(
      InetSocketAddress target, LinkConditions conditions, long seed, int maxClients)
      throws IOException {
    if (maxClients < 1 || maxClients > MAX_CLIENTS_LIMIT) {
      throw new IllegalArgumentException(
          "a relay forwards for 1 to "
              + MAX_CLIENTS_LIMIT
              + " clients, was "
              + maxClients
              + "; for more, start several relays in front of the server");
    }
    LossyRelay relay =
        new LossyRelay(
            Objects.requireNonNull(target, "target"),
            Objects.requireNonNull(conditions, "conditions"),
            seed,
            maxClients);
    relay.thread.start();
    return relay;
  }

  private static java.net.InetAddress loopbackLike(InetSocketAddress target) throws IOException {
    return target.getAddress() instanceof java.net.Inet6Address
        ? java.net.InetAddress.getByName("::1")
        : java.net.InetAddress.getByName("127.0.0.1");
  }

  /** Where clients send to reach the server through the relay. */
  public InetSocketAddress address() {
    try {
      return (InetSocketAddress) front.getLocalAddress();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The conditions the relay applies in each direction. */
  public LinkConditions conditions() {
    return conditions;
  }

  private void runLoop() {
    try {
      while (!closed) {
        long waitMillis;
        synchronized (this) {
          forwardDue();
          waitMillis = untilNextDue();
        }
        selector.select(waitMillis);
        synchronized (this) {
          for (SelectionKey key : selector.selectedKeys()) {
            readAll((DatagramChannel) key.channel(), (Route) key.attachment());
          }
          selector.selectedKeys().clear();
        }
      }
    } catch (IOException e) {
      if (!closed) {
        System.getLogger(LossyRelay.class.getName())
            .log(System.Logger.Level.WARNING, "Herald: the lossy relay stopped", e);
      }
    }
  }

  private void readAll(DatagramChannel channel, Route upstreamOf) throws IOException {
    while (true) {
      buffer.clear();
      SocketAddress from = channel.receive(buffer);
      if (from == null) {
        return;
      }
      byte[] datagram = Arrays.copyOf(buffer.array(), buffer.position());
      if (upstreamOf != null) {
        upstreamOf.toClient.send(datagram);
        forwardDue(upstreamOf);
        continue;
      }
      Route route = routes.get(from);
      if (route == null) {
        route = newRoute((InetSocketAddress) from);
        if (route == null) {
          droppedClients++;
          continue;
        }
      }
      route.toServer.send(datagram);
      forwardDue(route);
    }
  }

  private Route newRoute(InetSocketAddress client) throws IOException {
    if (routes.size() >= maxClients) {
      return null;
    }
    DatagramChannel upstream = DatagramChannel.open();
    upstream.configureBlocking(false);
    upstream.bind(new InetSocketAddress(loopbackLike(target), 0));
    long routeSeed = seed + 2L * routeList.size();
    Route route =
        new Route(
            client,
            upstream,
            new SimulatedLink(conditions, routeSeed, clock),
            new SimulatedLink(conditions, routeSeed + 1, clock));
    upstream.register(selector, SelectionKey.OP_READ, route);
    routes.put(client, route);
    routeList.add(route);
    return route;
  }

  /** Forwards what is due on every link, once the earliest copy on its way is due. */
  private void forwardDue() throws IOException {
    if (nextDueNanos == Long.MAX_VALUE || nextDueNanos - clock.nanoTime() > 0) {
      return;
    }
    nextDueNanos = Long.MAX_VALUE;
    for (Route route : routeList) {
      forwardDue(route);
    }
  }

  /**
   * Forwards what is due on both links of {@code route}: a copy without delay leaves as soon as it
   * arrived. What stays on its way moves {@link #nextDueNanos} earlier if need be.
   */
  private void forwardDue(Route route) throws IOException {
    for (byte[] datagram = route.toServer.receive();
        datagram != null;
        datagram = route.toServer.receive()) {
      route.upstream.send(ByteBuffer.wrap(datagram), target);
    }
    for (byte[] datagram = route.toClient.receive();
        datagram != null;
        datagram = route.toClient.receive()) {
      front.send(ByteBuffer.wrap(datagram), route.client);
    }
    nextDueNanos =
        Math.min(
            nextDueNanos,
            Math.min(route.toServer.nextDeliveryNanos(), route.toClient.nextDeliveryNanos()));
  }

  private long untilNextDue() {
    long next = nextDueNanos;
    if (next == Long.MAX_VALUE) {
      return IDLE_WAIT_MILLIS;
    }
    long nanos = next - clock.nanoTime();
    // select(0) would wait forever: at least a millisecond, rounded up so nothing leaves early
    return Math.max(1, (nanos + 999_999) / 1_000_000);
  }

  /** Datagrams given to the relay, both directions. */
  public long received() {
    return sum(Counter.SENT);
  }

  /** Copies lost, both directions. */
  public long lost() {
    return sum(Counter.LOST);
  }

  /** Datagrams sent twice, both directions. */
  public long duplicated() {
    return sum(Counter.DUPLICATED);
  }

  /** Copies held back by the reorder delay, both directions. */
  public long heldBack() {
    return sum(Counter.HELD_BACK);
  }

  /** Copies forwarded, both directions. */
  public long forwarded() {
    return sum(Counter.DELIVERED);
  }

  /** Copies forwarded after a copy of a datagram sent later, both directions. */
  public long deliveredOutOfOrder() {
    return sum(Counter.OUT_OF_ORDER);
  }

  private enum Counter {
    SENT,
    LOST,
    DUPLICATED,
    HELD_BACK,
    DELIVERED,
    OUT_OF_ORDER
  }

  /** One counter of every route's links, both directions. */
  private synchronized long sum(Counter counter) {
    long sum = 0;
    for (Route route : routeList) {
      sum += count(route.toServer, counter) + count(route.toClient, counter);
    }
    return sum;
  }

  private static long count(SimulatedLink link, Counter counter) {
    switch (counter) {
      case SENT:
        return link.sent();
      case LOST:
        return link.lost();
      case DUPLICATED:
        return link.duplicated();
      case HELD_BACK:
        return link.heldBack();
      case DELIVERED:
        return link.delivered();
      default:
        return link.deliveredOutOfOrder();
    }
  }

  /** Datagrams dropped because they came from a client past the relay's limit. */
  public synchronized long droppedClients() {
    return droppedClients;
  }

  /** Stops the relay and closes its sockets; what is still on its way is lost. */
  @Override
  public void close() {
    closed = true;
    selector.wakeup();
    if (thread != Thread.currentThread()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (this) {
      try {
        for (Route route : routeList) {
          route.upstream.close();
        }
        front.close();
        selector.close();
      } catch (IOException e) {
        System.getLogger(LossyRelay.class.getName())
            .log(System.Logger.Level.DEBUG, "Herald: closing the relay failed", e);
      }
    }
  }

  @Override
  public String toString() {
    return "LossyRelay[" + address() + " -> " + target + ", " + routeList.size() + " clients]";
  }

  /** One client's way to the server and back. */
  private static final class Route {
    final InetSocketAddress client;
    final DatagramChannel upstream;
    final SimulatedLink toServer;
    final SimulatedLink toClient;

    Route(
        InetSocketAddress client,
        DatagramChannel upstream,
        SimulatedLink toServer,
        SimulatedLink toClient) {
      this.client = client;
      this.upstream = upstream;
      this.toServer = toServer;
      this.toClient = toClient;
    }
  }
}
