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
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;

/**
 * Herald's reliable layer over real loopback UDP sockets: one-way throughput and the round trip of
 * a request and its reply, directly, and through the {@link LossyRelay} at 0 % and at 10 % loss
 * (the relay's own forwarding thread and extra hop are in both relay figures, so their ratio is the
 * cost of the loss alone). Real time, real sockets, so not a JMH benchmark.
 *
 * <p>Throughput: a client sends {@value #THROUGHPUT_MESSAGES} messages of {@value #PAYLOAD} bytes
 * as fast as the window allows, each depending on the message sent {@value #DEPENDENCY_DISTANCE}
 * before it; the clock stops when the server has executed the last one. One thread drives both
 * nodes, as one game loop would. Latency: the client sends a request every millisecond; the server
 * answers each at once; the client times each answer. Requests depend only on one sent {@value
 * #PACED_DEPENDENCY_DISTANCE} ms earlier (long since executed unless lost), so a lost request
 * delays no other: no head-of-line blocking.
 *
 * <p>Run by {@link NetComparison}, beside KryoNet.
 */
final class UdpLoopback {
  static final int THROUGHPUT_MESSAGES = 200_000;
  static final int PAYLOAD = 16;
  static final int DEPENDENCY_DISTANCE = 64;
  static final int REQUESTS = 2_000;
  static final int PACED_DEPENDENCY_DISTANCE = 200;
  static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  static final LinkConditions TEN_PERCENT = LinkConditions.perfect().withLoss(0.10);

  /** The relay forwarding everything: its hop and thread without loss. */
  static final LinkConditions NO_LOSS = LinkConditions.perfect();

  /** Herald's send window in messages for both nodes; 0 keeps the default. */
  static int window;

  private UdpLoopback() {}

  static NodeConfig config() {
    return window == 0
        ? NodeConfig.defaults()
        : NodeConfig.defaults().withConnection(ConnectionConfig.defaults().withWindow(window));
  }

  static final class Throughput {
    double messagesPerSecond;
    double headerBytesPerMessage;

    /**
     * Bytes the driving thread allocated per message over the second half of the run, once the
     * connections' arrays have grown to the traffic: the steady state.
     */
    double bytesAllocatedPerMessage;

    /** The driving thread's CPU time over the run, as a share of one core (1 = a whole core). */
    double nodeCpuShare;

    /** The relay's thread's CPU time over the run, as a share of one core; 0 without a relay. */
    double relayCpuShare;

    /** Messages the client wrote again (lost or timed out), per message sent. */
    double retransmissionsPerMessage;

    /** Packets the client found lost, per packet sent. */
    double packetsLostPerPacket;

    /** Times the driving thread found nothing moved and gave up its core to the relay. */
    long yields;

    /** Passes of the driving loop that ended with the send window full. */
    long windowFullPasses;
  }

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();

  /** One-way throughput: directly if {@code loss} is null, else through a relay applying it. */
  static Throughput throughput(LinkConditions loss, long seed) throws IOException {
    Counter executed = new Counter();
    Recorder atClient = new Recorder();
    try (UdpNode server = UdpNode.server(LOOPBACK, config(), executed);
        LossyRelay relay =
            loss == null ? null : LossyRelay.start(server.localAddress(), loss, seed);
        UdpNode client =
            UdpNode.client(
                relay == null ? server.localAddress() : relay.address(), config(), atClient)) {
      connect(server, client, atClient);
      Peer to = client.server();
      // Handles of the last two distances' messages, emptied and refilled in turn: the
      // sender allocates nothing per message.
      MessageDependency[] recent = new MessageDependency[2 * DEPENDENCY_DISTANCE];
      for (int i = 0; i < recent.length; i++) {
        recent[i] = new MessageDependency();
      }
      byte[] payload = new byte[PAYLOAD];
      long allocatedAtHalf = -1;
      long yields = 0;
      long windowFullPasses = 0;
      Thread relayThread = relay == null ? null : relayThread(relay);
      long relayCpuStart = relayThread == null ? 0 : THREADS.getThreadCpuTime(relayThread.getId());
      long nodeCpuStart = THREADS.getCurrentThreadCpuTime();
      long start = System.nanoTime();
      int sent = 0;
      while (executed.count < THROUGHPUT_MESSAGES) {
        if (allocatedAtHalf < 0 && executed.count >= THROUGHPUT_MESSAGES / 2) {
          allocatedAtHalf = THREADS.getCurrentThreadAllocatedBytes();
        }
        client.update(); // acknowledgements in: the window opens
        int sentBefore = sent;
        int executedBefore = executed.count;
        boolean windowFull = false;
        while (sent < THROUGHPUT_MESSAGES && !windowFull) {
          MessageDependency handle = recent[sent & (recent.length - 1)];
          handle.clear();
          MessageDependency before =
              sent >= DEPENDENCY_DISTANCE
                  ? recent[(sent - DEPENDENCY_DISTANCE) & (recent.length - 1)]
                  : null;
          SendStatus status =
              before == null
                  ? client.trySend(to, handle, payload)
                  : client.trySend(to, handle, payload, before);
          if (status == SendStatus.ACCEPTED) {
            sent++;
          } else if (status == SendStatus.WINDOW_FULL) {
            windowFull = true;
            windowFullPasses++;
          } else {
            throw new IllegalStateException("connection lost: " + atClient.reason);
          }
        }
        client.update(); // packets out
        server.update(); // executed, acknowledgements out
        if (sent == sentBefore && executed.count == executedBefore) {
          // Nothing moved: what is missing is on its way through the relay, to either node.
          // One thread cannot wait on both sockets, and a wait on one would sleep through a
          // datagram for the other for a whole millisecond (the selector's least), so give
          // the relay the core instead.
          Thread.yield();
          yields++;
        }
      }
      long nanos = System.nanoTime() - start;
      long nodeCpu = THREADS.getCurrentThreadCpuTime() - nodeCpuStart;
      long relayCpu =
          relayThread == null ? 0 : THREADS.getThreadCpuTime(relayThread.getId()) - relayCpuStart;
      long allocated = THREADS.getCurrentThreadAllocatedBytes() - allocatedAtHalf;
      Throughput result = new Throughput();
      result.bytesAllocatedPerMessage =
          (double) allocated / (THROUGHPUT_MESSAGES - THROUGHPUT_MESSAGES / 2);
      result.messagesPerSecond = THROUGHPUT_MESSAGES * 1e9 / nanos;
      ConnectionCounters counters = to.counters();
      result.headerBytesPerMessage = (double) counters.headerBytesSent() / counters.messagesSent();
      result.nodeCpuShare = (double) nodeCpu / nanos;
      result.relayCpuShare = (double) relayCpu / nanos;
      result.retransmissionsPerMessage =
          (double) counters.retransmissions() / counters.messagesSent();
      result.packetsLostPerPacket = (double) counters.packetsLost() / counters.packetsSent();
      result.yields = yields;
      result.windowFullPasses = windowFullPasses;
      return result;
    }
  }

  /**
   * Returns p50 and p99 of the round trip, in microseconds, and the client's header bytes per
   * message: each request depends on the one sent {@value #PACED_DEPENDENCY_DISTANCE} ms before it,
   * acknowledged by then unless it was lost.
   */
  static double[] latency(LinkConditions loss, long seed) throws IOException {
    Echo echo = new Echo();
    RoundTrips atClient = new RoundTrips(REQUESTS);
    try (UdpNode server = UdpNode.server(LOOPBACK, config(), echo);
        LossyRelay relay =
            loss == null ? null : LossyRelay.start(server.localAddress(), loss, seed);
        UdpNode client =
            UdpNode.client(
                relay == null ? server.localAddress() : relay.address(), config(), atClient)) {
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
          handles[sent] =
              sent < PACED_DEPENDENCY_DISTANCE
                  ? client.send(to, request)
                  : client.send(to, request, handles[sent - PACED_DEPENDENCY_DISTANCE]);
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
      return new double[] {
        sorted[sorted.length / 2] / 1e3,
        sorted[(int) (sorted.length * 0.99)] / 1e3,
        (double) counters.headerBytesSent() / counters.messagesSent()
      };
    }
  }

  /** The relay's forwarding thread, to read its CPU time. */
  static Thread relayThread(LossyRelay relay) {
    String name = "herald-lossy-relay " + relay.address();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().equals(name)) {
        return thread;
      }
    }
    throw new IllegalStateException("no thread named " + name);
  }

  private static void connect(UdpNode server, UdpNode client, Recorder atClient)
      throws IOException {
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

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      count++; // reads the message where it arrived: no copy
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
