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
import java.util.Arrays;
import java.util.List;

/**
 * A game server's scale: one server and {@value #CLIENTS} clients over loopback UDP, every
 * datagram through the {@link LossyRelay} at 1 % loss. Each second, each client sends the
 * server {@value #RATE} reliable messages of {@value #PAYLOAD} bytes (its inputs), and the
 * server sends each client {@value #RATE} reliable messages (events) and {@value #RATE}
 * snapshots (the world's state) of {@value #PAYLOAD} bytes, each within a bandwidth budget of
 * {@value #BUDGET} bytes a second per connection. The server runs on a thread of its own, as
 * it would; one thread drives every client.
 *
 * <p>Reports the server thread's CPU time, the round trip of nothing (a message's one-way
 * delay from its send time, both ends in this process), the snapshots that arrived, and what
 * the budget held back. Run: {@code java -cp benchmarks/net/target/benchmarks-net.jar
 * dev.herald.benchmarks.net.GameServerScale [seconds]}.
 */
public final class GameServerScale {
  static final int CLIENTS = LossyRelay.MAX_CLIENTS;
  static final int RATE = 30;
  static final int PAYLOAD = 200;
  static final long BUDGET = 64_000;
  static final LinkConditions ONE_PERCENT = LinkConditions.perfect().withLoss(0.01);

  private GameServerScale() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    run(2, 1);                                   // warm-up
    run(seconds, 2);
  }

  static void run(int seconds, long seed) throws Exception {
    NodeConfig config = NodeConfig.defaults().withMaxPeers(CLIENTS)
        .withConnection(ConnectionConfig.defaults().withBandwidth(BUDGET));
    ServerSide atServer = new ServerSide();
    List<UdpNode> clients = new ArrayList<>();
    List<ClientSide> atClients = new ArrayList<>();
    try (UdpNode server = UdpNode.server(UdpLoopback.LOOPBACK, config, atServer);
        LossyRelay relay = LossyRelay.start(server.localAddress(), ONE_PERCENT, seed)) {
      for (int i = 0; i < CLIENTS; i++) {
        ClientSide listener = new ClientSide(seconds * RATE * 2);
        atClients.add(listener);
        clients.add(UdpNode.client(relay.address(), config, listener));
      }
      connectAll(server, clients);
      ServerLoop loop = new ServerLoop(server, atServer);
      Thread serverThread = new Thread(loop, "game-server");
      serverThread.start();

      long start = System.nanoTime();
      long end = start + seconds * 1_000_000_000L;
      long period = 1_000_000_000L / RATE;
      long[] nextSend = new long[CLIENTS];
      for (int i = 0; i < CLIENTS; i++) {
        nextSend[i] = start + period * i / CLIENTS;            // staggered, as players join at different times
      }
      byte[] input = new byte[PAYLOAD];
      MessageDependency handle = new MessageDependency();
      long refused = 0;
      while (System.nanoTime() - end < 0) {
        long now = System.nanoTime();
        for (int i = 0; i < CLIENTS; i++) {
          UdpNode client = clients.get(i);
          if (now - nextSend[i] >= 0) {
            nextSend[i] += period;
            ByteBuffer.wrap(input).putLong(0, now);
            handle.clear();
            if (client.trySend(client.server(), handle, input) != SendStatus.ACCEPTED) {
              refused++;
            }
          }
          client.update();
        }
        clients.get(0).awaitDatagram(Duration.ofMillis(1));
      }
      loop.stop = true;
      serverThread.join();
      long serverCpu = loop.cpuNanos;

      long[] latencies = new long[0];
      long snapshots = 0;
      long events = 0;
      for (ClientSide client : atClients) {
        latencies = concat(latencies, Arrays.copyOf(client.latencies, client.received));
        snapshots += client.snapshots;
        events += client.received;
      }
      Arrays.sort(latencies);
      long[] inputLatencies = Arrays.copyOf(atServer.latencies, atServer.received);
      Arrays.sort(inputLatencies);
      long expected = (long) CLIENTS * RATE * seconds;
      long header = 0;
      long messages = 0;
      long lost = 0;
      long replaced = 0;
      long queueFull = 0;
      for (Peer peer : atServer.peers) {
        ConnectionCounters counters = peer.counters();
        header += counters.headerBytesSent();
        messages += counters.messagesSent();
        lost += counters.packetsLost();
        replaced += counters.snapshotsReplaced();
        queueFull += counters.queueFullRefusals();
      }
      System.out.printf("game server: %d clients, %d s through the relay at 1 %% loss (relay lost %,d of %,d datagrams)%n",
          CLIENTS, seconds, relay.lost(), relay.received());
      System.out.printf("  server thread CPU: %.1f %% of one core (%.1f µs per client per second)%n",
          100.0 * serverCpu / (seconds * 1e9), serverCpu / 1e3 / CLIENTS / seconds);
      System.out.printf("  events server -> clients: %,d of about %,d; one-way p50 %.0f µs, p99 %.0f µs, max %.0f µs%n",
          events, expected, percentile(latencies, 0.50), percentile(latencies, 0.99), percentile(latencies, 1.0));
      System.out.printf("  inputs clients -> server: %,d of about %,d (%d refused); one-way p50 %.0f µs, p99 %.0f µs%n",
          atServer.received, expected, refused, percentile(inputLatencies, 0.50), percentile(inputLatencies, 0.99));
      System.out.printf("  snapshots arrived: %,d of about %,d (%.1f %%); replaced while waiting for the budget: %,d%n",
          snapshots, expected, 100.0 * snapshots / expected, replaced);
      System.out.printf("  server: header %.2f B/message, packets found lost %,d, sends refused by a full queue %,d%n",
          (double) header / messages, lost, queueFull);
    } finally {
      for (UdpNode client : clients) {
        client.close();
      }
    }
  }

  private static void connectAll(UdpNode server, List<UdpNode> clients) throws IOException {
    long deadline = System.nanoTime() + 20_000_000_000L;
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
        throw new IllegalStateException("not every client connected");
      }
      clients.get(0).awaitDatagram(Duration.ofMillis(1));
    }
  }

  private static double percentile(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    return sorted[Math.min(sorted.length - 1, (int) (sorted.length * p))] / 1e3;
  }

  private static long[] concat(long[] a, long[] b) {
    long[] result = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, result, a.length, b.length);
    return result;
  }

  /** The server's own thread: updates the node and, 30 times a second per client, sends it an event and a snapshot. */
  private static final class ServerLoop implements Runnable {
    final UdpNode server;
    final ServerSide atServer;
    volatile boolean stop;
    long cpuNanos;

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
              server.trySend(peer, handle, event);
              ByteBuffer.wrap(snapshot).putLong(0, now);
              server.sendSnapshot(peer, snapshot);
            }
          }
          server.update();
          server.awaitDatagram(Duration.ofMillis(1));
        }
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
    }
  }

  private static class Listener implements PeerListener {
    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      onMessage(peer, payload, 0, payload.length);
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      if (reason != DisconnectReason.CLOSED_HERE) {
        System.out.println("  unexpected: " + peer + " disconnected: " + reason);
      }
    }
  }

  private static final class ServerSide extends Listener {
    final List<Peer> peers = new ArrayList<>();
    final long[] latencies = new long[4_000_000];
    int received;

    @Override
    public void onConnected(Peer peer) {
      peers.add(peer);
    }

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      if (received < latencies.length) {
        latencies[received++] = System.nanoTime() - ByteBuffer.wrap(buffer, offset, length).getLong(offset);
      }
    }
  }

  private static final class ClientSide extends Listener {
    final long[] latencies;
    int received;
    long snapshots;

    ClientSide(int capacity) {
      latencies = new long[capacity];
    }

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      long sentAt = ByteBuffer.wrap(buffer, offset, length).getLong(offset);
      if (received < latencies.length) {
        latencies[received++] = System.nanoTime() - sentAt;
      }
    }

    @Override
    public void onSnapshot(Peer peer, byte[] payload) {
      snapshots++;
    }
  }
}
