package dev.herald.benchmarks.net;

import dev.herald.net.ConnectionConfig;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * What a server's {@link UdpNode#update()} costs when its peers are connected and send nothing: the
 * cost per idle peer, which should be none. For each client count, that many client nodes (real
 * sockets on 127.0.0.1) connect to one server and then fall silent; the keep-alive interval and the
 * connection timeout are made long enough that nothing falls due while the server is measured. The
 * server is then updated on this thread, two ways: paced, about once a millisecond, as a server
 * loop waiting for datagrams is (an update at each wake-up), each update timed on its own; and back
 * to back, timed as a whole. Each row gives the thread's CPU time and the wall time per update, and
 * what timing an update on its own costs by itself (the two clock readings around nothing), which
 * the paced figures include.
 *
 * <p>Run: {@code java -cp benchmarks/net/target/benchmarks-net.jar
 * dev.herald.benchmarks.net.IdlePeerUpdate [seconds] [clients...]} (defaults: 2 s per way, 100 1000
 * 10000 clients). 10,000 clients need 10,000 sockets: raise {@code ulimit -n} if it is lower.
 */
public final class IdlePeerUpdate {

  static final int[] COUNTS = {100, 1_000, 10_000};

  /** Clients connected at a time: a server's socket buffer holds this many handshakes at once. */
  static final int BATCH = 250;

  private static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private IdlePeerUpdate() {}

  public static void main(String[] args) throws Exception {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2;
    int[] counts = COUNTS;
    if (args.length > 1) {
      counts = new int[args.length - 1];
      for (int i = 1; i < args.length; i++) {
        counts[i - 1] = Integer.parseInt(args[i]);
      }
    }
    System.out.printf(
        "idle peers: a server's update() with N connected clients that send nothing; %.1f s per"
            + " way%n",
        seconds);
    run(100, seconds / 4); // warm-up, not reported
    System.out.println(
        "clients |  paced: updates  CPU ns/upd  wall ns/upd  timing: CPU  wall"
            + " |  back to back: updates  CPU ns/upd  wall ns/upd");
    for (int count : counts) {
      System.out.println(run(count, seconds));
    }
  }

  static String run(int clientCount, double seconds) throws Exception {
    ConnectionConfig connection =
        ConnectionConfig.defaults()
            .withConnectionTimeout(Duration.ofMinutes(10))
            .withKeepAliveInterval(Duration.ofMinutes(5));
    NodeConfig config = NodeConfig.defaults().withMaxPeers(clientCount).withConnection(connection);
    List<UdpNode> clients = new ArrayList<>();
    Silent listener = new Silent();
    try (UdpNode server = UdpNode.server(LOOPBACK, config, listener)) {
      for (int first = 0; first < clientCount; first += BATCH) {
        List<UdpNode> batch = new ArrayList<>();
        for (int i = first; i < Math.min(clientCount, first + BATCH); i++) {
          batch.add(UdpNode.client(server.localAddress(), config, listener));
        }
        connect(server, batch);
        clients.addAll(batch);
      }
      if (server.peers().size() != clientCount || listener.disconnects > 0) {
        throw new IllegalStateException(
            server.peers().size() + " connected, " + listener.disconnects + " disconnected");
      }
      // The clients' first packets, and the server's answers: then nothing more is owed.
      for (int i = 0; i < 100; i++) {
        for (UdpNode client : clients) {
          client.update();
        }
        server.update();
      }
      long nanos = (long) (seconds * 1e9);
      long[] paced = paced(server, nanos);
      long[] timing = timingItself(nanos / 10);
      long[] tight = backToBack(server, nanos);
      if (server.peers().size() != clientCount) {
        throw new IllegalStateException("a client was dropped while the server was measured");
      }
      return String.format(
          "%7d | %15d %11.0f %12.0f %8.0f %6.0f | %22d %11.0f %12.0f",
          clientCount,
          paced[0],
          (double) paced[1] / paced[0],
          (double) paced[2] / paced[0],
          (double) timing[1] / timing[0],
          (double) timing[2] / timing[0],
          tight[0],
          (double) tight[1] / tight[0],
          (double) tight[2] / tight[0]);
    } finally {
      for (UdpNode client : clients) {
        client.close();
      }
    }
  }

  /**
   * Updates {@code server} about once a millisecond for {@code nanos}; returns the updates, the
   * thread's CPU time in them and the wall time in them, each update timed on its own.
   */
  private static long[] paced(UdpNode server, long nanos) {
    long updates = 0;
    long cpu = 0;
    long wall = 0;
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() - end < 0) {
      long cpuBefore = THREADS.getCurrentThreadCpuTime();
      long before = System.nanoTime();
      server.update();
      wall += System.nanoTime() - before;
      cpu += THREADS.getCurrentThreadCpuTime() - cpuBefore;
      updates++;
      LockSupport.parkNanos(1_000_000);
    }
    return new long[] {updates, cpu, wall};
  }

  /**
   * What timing one update on its own adds to {@link #paced}'s figures: the same two clock readings
   * around nothing.
   */
  private static long[] timingItself(long nanos) {
    long updates = 0;
    long cpu = 0;
    long wall = 0;
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() - end < 0) {
      long cpuBefore = THREADS.getCurrentThreadCpuTime();
      long before = System.nanoTime();
      wall += System.nanoTime() - before;
      cpu += THREADS.getCurrentThreadCpuTime() - cpuBefore;
      updates++;
    }
    return new long[] {updates, cpu, wall};
  }

  /**
   * Updates {@code server} back to back for {@code nanos}; returns the updates, and the thread's
   * CPU time and the wall time over them all, read once around the loop.
   */
  private static long[] backToBack(UdpNode server, long nanos) {
    long updates = 0;
    long cpuBefore = THREADS.getCurrentThreadCpuTime();
    long before = System.nanoTime();
    long end = before + nanos;
    do {
      for (int i = 0; i < 256; i++) {
        server.update();
      }
      updates += 256;
    } while (System.nanoTime() - end < 0);
    long wall = System.nanoTime() - before;
    long cpu = THREADS.getCurrentThreadCpuTime() - cpuBefore;
    return new long[] {updates, cpu, wall};
  }

  private static void connect(UdpNode server, List<UdpNode> clients) throws Exception {
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

  /** Counts disconnects, which should not happen. */
  private static final class Silent implements PeerListener {
    long disconnects;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {}

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      if (reason != DisconnectReason.CLOSED_HERE) {
        disconnects++;
      }
    }
  }
}
