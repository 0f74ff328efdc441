package dev.herald.benchmarks.net;

import dev.herald.net.ConnectionConfig;
import dev.herald.net.ConnectionCounters;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.LossyRelay;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * A game server's scale: one server thread and many clients over loopback UDP, every datagram
 * through one {@link LossyRelay} at 1 % loss, the client count rising until the server no longer
 * keeps up. Each second, each client sends the server {@value #RATE} reliable inputs of {@value
 * #PAYLOAD} bytes, and the server sends each client {@value #RATE} reliable events and {@value
 * #RATE} snapshots (the world's state) of {@value #PAYLOAD} bytes, within a bandwidth budget of
 * {@value #BUDGET} bytes a second per connection.
 *
 * <p>The server runs on a thread of its own, as it would, reading datagrams as they arrive and
 * sending each client its event and snapshot at that client's turn of the 30 Hz tick. The clients
 * are many nodes driven by one thread, as cheaply as a game client's frame allows: each client is
 * updated {@value #CLIENT_FRAME_RATE} times a second (its frame), and sends its input on every
 * other frame. So what a client measures (an event's and a snapshot's age when its frame reads
 * them) includes up to one client frame of waiting; what the server measures (an input's age when
 * the server's handler runs) does not.
 *
 * <p>Per client count, a row: the server thread's CPU time (share of one core, per message it
 * handled or sent, per client per second), the input latency p50/p99 at the server's handler, the
 * snapshot age p99 at the client, what arrived, disconnects, and the CPU of the relay's and the
 * clients' threads (they share the machine with the server). A count is <i>sustained</i> if nobody
 * disconnected, the input p99 is within two frames at 30 Hz ({@value #P99_LIMIT_MILLIS} ms), and
 * the server thread used less than {@value #SATURATED_PERCENT} % of a core. Run: {@code java -cp
 * benchmarks/net/target/benchmarks-net.jar dev.herald.benchmarks.net.GameServerScale [seconds]
 * [clients...]}: without client counts it ramps through {@link #RAMP} and stops at the first count
 * not sustained.
 */
public final class GameServerScale {
  static final int RATE = 30;
  static final int CLIENT_FRAME_RATE = 60;
  static final int PAYLOAD = 200;
  static final long BUDGET = 64_000;
  static final double P99_LIMIT_MILLIS = 66.7;
  static final int SATURATED_PERCENT = 90;
  static final int[] RAMP = {100, 250, 500, 750, 1000, 1250, 1500, 2000};
  static final LinkConditions ONE_PERCENT = LinkConditions.perfect().withLoss(0.01);
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean SYSTEM =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private GameServerScale() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    boolean ramp = args.length <= 1;
    int[] counts = ramp ? RAMP : new int[args.length - 1];
    for (int i = 1; i < args.length; i++) {
      counts[i - 1] = Integer.parseInt(args[i]);
    }
    System.out.printf(
        "game server: one server thread, clients through one relay at 1 %% loss; %d s per count;"
            + " each client %d inputs/s up, %d events + %d snapshots/s down, %d B each%n",
        seconds, RATE, RATE, RATE, PAYLOAD);
    run(2, Math.min(counts[0], 100), 1); // warm-up, not reported
    System.out.println(Row.HEADER);
    Row largest = null;
    Row last = null;
    for (int count : counts) {
      last = run(seconds, count, 2 + count);
      System.out.println(last.format());
      if (last.limit() == null) {
        largest = last;
      } else if (ramp) {
        break;
      }
    }
    System.out.printf(
        "largest sustained: %s; %s%n",
        largest == null ? "none" : largest.clients + " clients",
        last.limit() == null
            ? "every count sustained"
            : "at " + last.clients + ": " + last.limit());
  }

  static Row run(int seconds, int clientCount, long seed) throws Exception {
    NodeConfig config =
        NodeConfig.defaults()
            .withMaxPeers(clientCount)
            .withConnection(ConnectionConfig.defaults().withBandwidth(BUDGET));
    ServerSide atServer = new ServerSide();
    ClientSide atClients = new ClientSide();
    List<UdpNode> clients = new ArrayList<>();
    try (UdpNode server = UdpNode.server(UdpLoopback.LOOPBACK, config, atServer);
        LossyRelay relay =
            LossyRelay.start(server.localAddress(), ONE_PERCENT, seed, clientCount)) {
      for (int i = 0; i < clientCount; i++) {
        clients.add(UdpNode.client(relay.address(), config, atClients));
      }
      connectAll(server, clients);
      Thread relayThread = threadNamed("herald-lossy-relay");
      long relayCpuStart = THREADS.getThreadCpuTime(relayThread.getId());
      long processCpuStart = SYSTEM.getProcessCpuTime();
      long relayLostStart = relay.lost();
      long relayReceivedStart = relay.received();
      ServerLoop loop = new ServerLoop(server, atServer);
      Thread serverThread = new Thread(loop, "game-server");
      serverThread.start();
      long clientCpu = driveClients(clients, atClients, seconds);
      loop.stop = true;
      serverThread.join();
      Row row = new Row();
      row.clients = clientCount;
      row.seconds = seconds;
      row.serverCpuNanos = loop.cpuNanos;
      row.relayCpuNanos = THREADS.getThreadCpuTime(relayThread.getId()) - relayCpuStart;
      row.clientCpuNanos = clientCpu;
      row.processCpuNanos = SYSTEM.getProcessCpuTime() - processCpuStart;
      row.loadAverage = SYSTEM.getSystemLoadAverage();
      row.inputsSent = atClients.inputsSent;
      row.inputsReceived = atServer.received;
      row.eventsSent = loop.eventsSent;
      row.eventsReceived = atClients.events;
      row.snapshotsSent = loop.snapshotsSent;
      row.snapshotsReceived = atClients.snapshots;
      row.refused = atClients.refused + loop.refused;
      row.inputLatency = atServer.latency;
      row.eventAge = atClients.eventAge;
      row.snapshotAge = atClients.snapshotAge;
      row.disconnects = atServer.disconnects + atClients.disconnects;
      row.relayLost = relay.lost() - relayLostStart;
      row.relayReceived = relay.received() - relayReceivedStart;
      for (Peer peer : atServer.peers) {
        ConnectionCounters counters = peer.counters();
        row.serverPacketsLost += counters.packetsLost();
        row.serverPacketsSent += counters.packetsSent();
      }
      row.serverGaps = loop.gaps;
      row.clientLateness = atClients.frameLateness;
      row.serverUpdates = loop.updates;
      row.serverUpdateNanos = loop.updateNanos;
      for (UdpNode client : clients) {
        ConnectionCounters counters = client.server().counters();
        row.clientPacketsLost += counters.packetsLost();
        row.clientPacketsSent += counters.packetsSent();
      }
      return row;
    } finally {
      for (UdpNode client : clients) {
        client.close();
      }
    }
  }

  /**
   * Runs every client's frames for {@code seconds} on this thread: a frame reads what arrived and
   * sends what is due, and every other frame first sends the client's input. Frames of different
   * clients are spread over the frame period, as players' machines are. Returns the thread's CPU
   * time.
   */
  private static long driveClients(List<UdpNode> clients, ClientSide atClients, int seconds) {
    long cpuStart = THREADS.getCurrentThreadCpuTime();
    int count = clients.size();
    long frame = 1_000_000_000L / CLIENT_FRAME_RATE;
    int framesPerInput = CLIENT_FRAME_RATE / RATE;
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    long[] nextFrame = new long[count];
    int[] frameNumber = new int[count];
    for (int i = 0; i < count; i++) {
      nextFrame[i] = start + frame * i / count;
      frameNumber[i] = i;
    }
    byte[] input = new byte[PAYLOAD];
    MessageDependency handle = new MessageDependency();
    while (System.nanoTime() - end < 0) {
      long now = System.nanoTime();
      long earliest = Long.MAX_VALUE;
      for (int i = 0; i < count; i++) {
        if (now - nextFrame[i] >= 0) {
          atClients.frameLateness.record(now - nextFrame[i]);
          UdpNode client = clients.get(i);
          if (frameNumber[i]++ % framesPerInput == 0) {
            ByteBuffer.wrap(input).putLong(0, System.nanoTime());
            handle.clear();
            atClients.inputsSent++;
            if (client.trySend(client.server(), handle, input) != SendStatus.ACCEPTED) {
              atClients.refused++;
            }
          }
          client.update();
          nextFrame[i] += frame;
          now = System.nanoTime();
        }
        earliest = Math.min(earliest, nextFrame[i]);
      }
      long wait = earliest - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
    }
    return THREADS.getCurrentThreadCpuTime() - cpuStart;
  }

  private static void connectAll(UdpNode server, List<UdpNode> clients) throws IOException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      boolean all = true;
      for (UdpNode client : clients) {
        client.update();
        all &= client.server().isConnected();
      }
      server.update();
      if (all) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("not every client connected within a minute");
      }
      server.awaitDatagram(Duration.ofMillis(1));
    }
  }

  private static Thread threadNamed(String prefix) {
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith(prefix)) {
        return thread;
      }
    }
    throw new IllegalStateException("no thread named " + prefix);
  }

  /**
   * The server's own thread: updates the node and, 30 times a second per client, sends it an event
   * and a snapshot.
   */
  private static final class ServerLoop implements Runnable {
    final UdpNode server;
    final ServerSide atServer;
    volatile boolean stop;
    long cpuNanos;
    long eventsSent;
    long snapshotsSent;
    long refused;
    long updates;
    long updateNanos;
    long lastUpdate;

    /**
     * Time from the end of one update to the start of the next: waiting for datagrams, or for a
     * core.
     */
    final Histogram gaps = new Histogram();

    ServerLoop(UdpNode server, ServerSide atServer) {
      this.server = server;
      this.atServer = atServer;
    }

    @Override
    public void run() {
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      long cpuStart = threads.getCurrentThreadCpuTime();
      List<Peer> peers = atServer.peers;
      long period = 1_000_000_000L / RATE;
      long start = System.nanoTime();
      long[] nextSend = new long[peers.size()];
      for (int i = 0; i < nextSend.length; i++) {
        nextSend[i] = start + period * i / nextSend.length;
      }
      byte[] event = new byte[PAYLOAD];
      byte[] snapshot = new byte[PAYLOAD];
      MessageDependency handle = new MessageDependency();
      try {
        while (!stop) {
          long now = System.nanoTime();
          for (int i = 0; i < nextSend.length; i++) {
            if (now - nextSend[i] >= 0) {
              nextSend[i] += period;
              Peer peer = peers.get(i);
              ByteBuffer.wrap(event).putLong(0, now);
              handle.clear();
              if (server.trySend(peer, handle, event) == SendStatus.ACCEPTED) {
                eventsSent++;
              } else {
                refused++;
              }
              ByteBuffer.wrap(snapshot).putLong(0, now);
              server.sendSnapshot(peer, snapshot);
              snapshotsSent++;
            }
          }
          long before = System.nanoTime();
          if (updates > 0) {
            gaps.record(before - lastUpdate);
          }
          server.update();
          lastUpdate = System.nanoTime();
          updateNanos += lastUpdate - before;
          updates++;
          server.awaitDatagram(Duration.ofMillis(1));
        }
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
    }
  }

  private static class Listener implements PeerListener {
    long disconnects;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      onMessage(peer, payload, 0, payload.length);
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      if (reason != DisconnectReason.CLOSED_HERE) {
        disconnects++;
        if (disconnects <= 3) {
          System.out.println("  unexpected: " + peer + " disconnected: " + reason);
        }
      }
    }
  }

  /** The server's handler, on the server's thread: times each input from its send. */
  private static final class ServerSide extends Listener {
    final List<Peer> peers = new ArrayList<>();
    final Histogram latency = new Histogram();
    long received;

    @Override
    public void onConnected(Peer peer) {
      peers.add(peer);
    }

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      received++;
      latency.record(System.nanoTime() - ByteBuffer.wrap(buffer, offset, length).getLong(offset));
    }
  }

  /** Every client's handler, on the clients' thread: times events and snapshots from their send. */
  private static final class ClientSide extends Listener {
    final Histogram eventAge = new Histogram();
    final Histogram snapshotAge = new Histogram();

    /**
     * How late each client frame ran: the clients' thread waiting for a core, or behind its work.
     */
    final Histogram frameLateness = new Histogram();

    long events;
    long snapshots;
    long inputsSent;
    long refused;

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      events++;
      eventAge.record(System.nanoTime() - ByteBuffer.wrap(buffer, offset, length).getLong(offset));
    }

    @Override
    public void onSnapshot(Peer peer, byte[] payload) {
      snapshots++;
      snapshotAge.record(System.nanoTime() - ByteBuffer.wrap(payload).getLong(0));
    }
  }

  /** Latencies in buckets of 50 µs up to 5 s: fixed memory however many clients. */
  static final class Histogram {
    static final long BUCKET_NANOS = 50_000;
    final long[] buckets = new long[100_000];
    long count;
    long max;

    void record(long nanos) {
      int bucket = (int) Math.min(buckets.length - 1, Math.max(0, nanos / BUCKET_NANOS));
      buckets[bucket]++;
      count++;
      max = Math.max(max, nanos);
    }

    /** The upper edge of the bucket holding the {@code p} quantile, in milliseconds. */
    double millis(double p) {
      if (count == 0) {
        return Double.NaN;
      }
      long rank = (long) Math.ceil(count * p);
      long seen = 0;
      for (int i = 0; i < buckets.length; i++) {
        seen += buckets[i];
        if (seen >= rank) {
          return (i + 1) * BUCKET_NANOS / 1e6;
        }
      }
      return max / 1e6;
    }
  }

  /** One client count's figures. */
  static final class Row {
    static final String HEADER =
        String.format(
                "%7s | %6s %6s %7s | %6s %6s | %6s %6s %6s | %6s %6s | %6s %6s %6s | %5s %5s | %6s %6s %5s | %6s %6s | %5s%n"
                    + "%7s | %6s %6s %7s | %6s %6s | %6s %6s %6s | %6s %6s | %6s %6s %6s | %5s %5s | %6s %6s %5s | %6s %6s | %5s",
                "clients", "server", "CPU/", "CPU/", "upd", "µs/", "input", "input", "input",
                "event", "snap", "in", "event", "snap", "lost", "lost", "relay", "client", "proc",
                "server", "client", "load", "", "%core", "msg µs", "cl·s µs", "/s", "upd", "p50 ms",
                "p99 ms", "max ms", "p99 ms", "p99 ms", "arrvd%", "arrvd%", "arrvd%", "relay",
                "seen", "%core", "%core", "cores", "gap ms", "late", "1 min")
            + "\n  (disconnects are printed as they happen; 'lost relay' is what the relay dropped, 'lost seen' what the connections"
            + " found lost, both %;\n   server gap: p99 time between two server updates; client late: p99 of how late a client frame ran, ms)";
    int clients;
    int seconds;
    long serverCpuNanos;
    long relayCpuNanos;
    long clientCpuNanos;
    long processCpuNanos;
    double loadAverage;
    long inputsSent;
    long inputsReceived;
    long eventsSent;
    long eventsReceived;
    long snapshotsSent;
    long snapshotsReceived;
    long refused;
    Histogram inputLatency;
    Histogram eventAge;
    Histogram snapshotAge;
    long disconnects;
    long relayLost;
    long relayReceived;
    long serverPacketsLost;
    long serverPacketsSent;
    long clientPacketsLost;
    long clientPacketsSent;
    long serverUpdates;
    long serverUpdateNanos;
    Histogram serverGaps;
    Histogram clientLateness;

    double serverShare() {
      return 100.0 * serverCpuNanos / (seconds * 1e9);
    }

    /** Messages the server handled or sent: inputs in, events and snapshots out. */
    long serverMessages() {
      return inputsReceived + eventsSent + snapshotsSent;
    }

    /** Why this count is not sustained, or null if it is. */
    String limit() {
      if (disconnects > 0) {
        return disconnects + " disconnected";
      }
      if (inputLatency.millis(0.99) > P99_LIMIT_MILLIS) {
        return String.format(
            "input p99 %.1f ms > %.1f ms (server thread at %.0f %% of a core, process at %.2f cores)",
            inputLatency.millis(0.99),
            P99_LIMIT_MILLIS,
            serverShare(),
            processCpuNanos / (seconds * 1e9));
      }
      if (serverShare() >= SATURATED_PERCENT) {
        return String.format("server thread saturated (%.0f %% of a core)", serverShare());
      }
      return null;
    }

    String format() {
      double wall = seconds * 1e9;
      return String.format(
              "%7d | %6.1f %6.2f %7.1f | %6d %6.0f | %6.2f %6.2f %6.1f | %6.2f %6.2f | %6.1f %6.1f %6.1f | %5.2f %5.2f | %6.1f %6.1f %5.2f | %6.2f %6.2f | %5.2f",
              clients,
              serverShare(),
              serverCpuNanos / 1e3 / serverMessages(),
              serverCpuNanos / 1e3 / clients / seconds,
              serverUpdates / seconds,
              serverUpdateNanos / 1e3 / Math.max(1, serverUpdates),
              inputLatency.millis(0.50),
              inputLatency.millis(0.99),
              inputLatency.max / 1e6,
              eventAge.millis(0.99),
              snapshotAge.millis(0.99),
              100.0 * inputsReceived / inputsSent,
              100.0 * eventsReceived / Math.max(1, eventsSent),
              100.0 * snapshotsReceived / Math.max(1, snapshotsSent),
              100.0 * relayLost / Math.max(1, relayReceived),
              100.0
                  * (serverPacketsLost + clientPacketsLost)
                  / Math.max(1, serverPacketsSent + clientPacketsSent),
              100 * relayCpuNanos / wall,
              100 * clientCpuNanos / wall,
              processCpuNanos / wall,
              serverGaps.millis(0.99),
              clientLateness.millis(0.99),
              loadAverage)
          + (disconnects > 0 ? "  " + disconnects + " DISCONNECTED" : "");
    }
  }
}
