package dev.herald.benchmarks.net;

import dev.herald.net.ConnectionCounters;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.simulation.LinkConditions;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.LossyRelay;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;

/**
 * Herald's reliable layer over real loopback UDP sockets: one-way throughput and the round
 * trip of a request and its reply, directly and through the {@link LossyRelay} at 10 % loss.
 * Real time, real sockets, so not a JMH benchmark: each figure is the median of
 * {@value #REPEATS} runs after a warm-up run.
 *
 * <p>Throughput: a client sends {@value #THROUGHPUT_MESSAGES} messages of
 * {@value #PAYLOAD} bytes as fast as the window allows, each depending on the message sent
 * {@value #DEPENDENCY_DISTANCE} before it; the clock stops when the server has executed the
 * last one. One thread drives both nodes, as one game loop would. Latency: the client sends
 * a request every millisecond; the server answers each at once; the client times each answer.
 * Requests depend only on one sent {@value #PACED_DEPENDENCY_DISTANCE} ms earlier (long since
 * executed unless lost), so a lost request delays no other: no head-of-line blocking.
 *
 * <p>Run: {@code flock /tmp/herald-bench.lock java -cp benchmarks/target/benchmarks.jar dev.herald.benchmarks.net.UdpLoopback}
 */
public final class UdpLoopback {
  static final int THROUGHPUT_MESSAGES = 200_000;
  static final int PAYLOAD = 16;
  static final int DEPENDENCY_DISTANCE = 64;
  static final int REQUESTS = 2_000;
  static final int PACED_DEPENDENCY_DISTANCE = 200;
  static final int REPEATS = 3;
  private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  private static final LinkConditions TEN_PERCENT = LinkConditions.perfect().withLoss(0.10);

  private UdpLoopback() {}

  public static void main(String[] args) throws Exception {
    throughput(null, 1); // warm-up
    latency(null, 1);
    System.out.println("| scenario | Herald over UDP |");
    System.out.println("|---|---|");
    for (LinkConditions loss : new LinkConditions[] {null, TEN_PERCENT}) {
      String name = loss == null ? "0 % loss" : "10 % loss (relay)";
      double[] rates = new double[REPEATS];
      double header = 0;
      for (int i = 0; i < REPEATS; i++) {
        Throughput run = throughput(loss, 100 + i);
        rates[i] = run.messagesPerSecond;
        header = run.headerBytesPerMessage;
      }
      System.out.printf("| one way, %s: messages/s | %,.0f (runs: %s) |%n", name, median(rates), Arrays.toString(round(rates)));
      System.out.printf("| one way, %s: header bytes/message | %.2f |%n", name, header);
      double[] p50 = new double[REPEATS];
      double[] p99 = new double[REPEATS];
      double pacedHeader = 0;
      for (int i = 0; i < REPEATS; i++) {
        double[] percentiles = latency(loss, 200 + i);
        p50[i] = percentiles[0];
        p99[i] = percentiles[1];
        pacedHeader = percentiles[2];
      }
      System.out.printf("| round trip, %s: p50 / p99 µs | %.0f / %.0f |%n", name, median(p50), median(p99));
      System.out.printf("| paced requests, %s: header bytes/message | %.2f |%n", name, pacedHeader);
    }
  }

  private static final class Throughput {
    double messagesPerSecond;
    double headerBytesPerMessage;
  }

  static Throughput throughput(LinkConditions loss, long seed) throws IOException {
    Counter executed = new Counter();
    Recorder atClient = new Recorder();
    try (UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), executed);
        LossyRelay relay = loss == null ? null : LossyRelay.start(server.localAddress(), loss, seed);
        UdpNode client = UdpNode.client(relay == null ? server.localAddress() : relay.address(), NodeConfig.defaults(), atClient)) {
      connect(server, client, atClient);
      Peer to = client.server();
      MessageDependency[] recent = new MessageDependency[DEPENDENCY_DISTANCE];
      byte[] payload = new byte[PAYLOAD];
      long start = System.nanoTime();
      int sent = 0;
      while (executed.count < THROUGHPUT_MESSAGES) {
        boolean windowFull = false;
        while (sent < THROUGHPUT_MESSAGES && !windowFull) {
          MessageDependency handle = new MessageDependency();
          MessageDependency before = sent >= DEPENDENCY_DISTANCE ? recent[sent % DEPENDENCY_DISTANCE] : null;
          SendStatus status = before == null ? client.trySend(to, handle, payload) : client.trySend(to, handle, payload, before);
          if (status == SendStatus.ACCEPTED) {
            recent[sent % DEPENDENCY_DISTANCE] = handle;
            sent++;
          } else if (status == SendStatus.WINDOW_FULL) {
            windowFull = true;
          } else {
            throw new IllegalStateException("connection lost: " + atClient.reason);
          }
        }
        client.update();
        server.update();
        if (windowFull || sent == THROUGHPUT_MESSAGES) {
          client.awaitDatagram(Duration.ofMillis(1));
        }
      }
      long nanos = System.nanoTime() - start;
      Throughput result = new Throughput();
      result.messagesPerSecond = THROUGHPUT_MESSAGES * 1e9 / nanos;
      ConnectionCounters counters = to.counters();
      result.headerBytesPerMessage = (double) counters.headerBytesSent() / counters.messagesSent();
      return result;
    }
  }

  /**
   * Returns p50 and p99 of the round trip, in microseconds, and the client's header bytes per
   * message: each request depends on the one sent {@value #PACED_DEPENDENCY_DISTANCE} ms
   * before it, acknowledged by then unless it was lost.
   */
  static double[] latency(LinkConditions loss, long seed) throws IOException {
    Echo echo = new Echo();
    RoundTrips atClient = new RoundTrips(REQUESTS);
    try (UdpNode server = UdpNode.server(LOOPBACK, NodeConfig.defaults(), echo);
        LossyRelay relay = loss == null ? null : LossyRelay.start(server.localAddress(), loss, seed);
        UdpNode client = UdpNode.client(relay == null ? server.localAddress() : relay.address(), NodeConfig.defaults(), atClient)) {
      echo.node = server;
      connect(server, client, atClient);
      Peer to = client.server();
      long next = System.nanoTime();
      int sent = 0;
      MessageDependency[] handles = new MessageDependency[REQUESTS];
      while (atClient.received < REQUESTS) {
        long now = System.nanoTime();
        if (sent < REQUESTS && now - next >= 0) {
          atClient.sentAt[sent] = now;
          byte[] request = ByteBuffer.allocate(4).putInt(sent).array();
          handles[sent] = sent < PACED_DEPENDENCY_DISTANCE
              ? client.send(to, request) : client.send(to, request, handles[sent - PACED_DEPENDENCY_DISTANCE]);
          sent++;
          next += 1_000_000;
        }
        client.update();
        server.update();
        client.update();
        client.awaitDatagram(Duration.ofMillis(1));
      }
      long[] sorted = atClient.roundTrips.clone();
      Arrays.sort(sorted);
      ConnectionCounters counters = to.counters();
      return new double[] {sorted[sorted.length / 2] / 1e3, sorted[(int) (sorted.length * 0.99)] / 1e3,
          (double) counters.headerBytesSent() / counters.messagesSent()};
    }
  }

  private static void connect(UdpNode server, UdpNode client, Recorder atClient) throws IOException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!client.server().isConnected()) {
      if (System.nanoTime() - deadline > 0 || atClient.reason != null) {
        throw new IllegalStateException("could not connect: " + atClient.reason);
      }
      client.update();
      server.update();
      client.awaitDatagram(Duration.ofMillis(1));
    }
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static long[] round(double[] values) {
    long[] rounded = new long[values.length];
    for (int i = 0; i < values.length; i++) {
      rounded[i] = Math.round(values[i]);
    }
    return rounded;
  }

  private static class Recorder implements PeerListener {
    DisconnectReason reason;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {}

    @Override
    public void onDisconnected(Peer peer, DisconnectReason why) {
      reason = why;
    }
  }

  private static final class Counter extends Recorder {
    int count;

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      count++;
    }
  }

  /** The server of the latency test: answers each request with its number. */
  private static final class Echo extends Recorder {
    UdpNode node;

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      node.send(peer, payload);
    }
  }

  private static final class RoundTrips extends Recorder {
    final long[] sentAt;
    final long[] roundTrips;
    int received;

    RoundTrips(int requests) {
      sentAt = new long[requests];
      roundTrips = new long[requests];
    }

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      int number = ByteBuffer.wrap(payload).getInt();
      roundTrips[received++] = System.nanoTime() - sentAt[number];
    }
  }
}
