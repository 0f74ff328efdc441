package dev.herald.benchmarks.net;

import com.esotericsoftware.kryonet.Client;
import com.esotericsoftware.kryonet.Connection;
import com.esotericsoftware.kryonet.Listener;
import com.esotericsoftware.kryonet.Server;
import com.esotericsoftware.minlog.Log;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * KryoNet, the peer the networked bus is measured against, in the scenarios of {@link UdpLoopback}:
 * the same message count, payload, request rate and percentiles, a KryoNet {@link Server} and
 * {@link Client} on 127.0.0.1, over TCP (KryoNet's reliable path) or UDP (its unreliable one). Used
 * the way its README shows: {@code byte[]} registered with Kryo, {@code sendTCP}/{@code sendUDP}, a
 * {@link Listener} on KryoNet's own update threads.
 *
 * <p>KryoNet has no flow control of its own: {@code sendTCP} into a full write buffer fails and
 * closes the connection, so the TCP sender waits while the buffer is more than half full (what its
 * documentation's {@code idle} callback is for). UDP has no reliability and no pacing: the sender
 * sends as fast as it can and the figure is what arrived.
 */
final class KryoNetLoopback {
  enum Transport {
    TCP,
    UDP
  }

  /**
   * The server's ports: fixed, not ephemeral, so that a packet filter can single out the lossy pair
   * ({@code run-netem.sh} drops 10 % of the packets to and from {@link #LOSSY}).
   */
  enum Ports {
    CLEAN(54555, 54777),
    LOSSY(54556, 54778);

    final int tcp;
    final int udp;

    Ports(int tcp, int udp) {
      this.tcp = tcp;
      this.udp = udp;
    }
  }

  /** Larger than KryoNet's default (8 KiB client, 16 KiB server) so bursts do not overflow it. */
  private static final int WRITE_BUFFER = 1 << 16;

  private static final int OBJECT_BUFFER = 2048;

  /** How long a UDP receiver waits for one more datagram before counting the rest lost. */
  private static final long UDP_SILENCE_MILLIS = 500;

  private static final long LIMIT_SECONDS = 120;

  static {
    Log.set(Log.LEVEL_WARN); // KryoNet logs every connection at INFO
  }

  private KryoNetLoopback() {}

  /** Messages per second that arrived, and the fraction of those sent that arrived. */
  static double[] throughput(Transport transport, Ports ports)
      throws IOException, InterruptedException {
    int count = UdpLoopback.THROUGHPUT_MESSAGES;
    AtomicInteger received = new AtomicInteger();
    AtomicLong lastArrival = new AtomicLong();
    CountDownLatch all = new CountDownLatch(1);
    Server server =
        server(
            ports,
            new Listener() {
              @Override
              public void received(Connection connection, Object message) {
                if (message instanceof byte[]) {
                  lastArrival.set(System.nanoTime());
                  if (received.incrementAndGet() == count) {
                    all.countDown();
                  }
                }
              }
            });
    Client client = new Client(WRITE_BUFFER, OBJECT_BUFFER);
    try {
      connect(client, ports);
      byte[] payload = new byte[UdpLoopback.PAYLOAD];
      long start = System.nanoTime();
      for (int i = 0; i < count; i++) {
        if (transport == Transport.TCP) {
          while (client.getTcpWriteBufferSize() > WRITE_BUFFER / 2) {
            Thread.onSpinWait();
          }
          client.sendTCP(payload);
        } else {
          client.sendUDP(payload);
        }
      }
      if (transport == Transport.TCP) {
        if (!all.await(LIMIT_SECONDS, TimeUnit.SECONDS)) {
          throw new IllegalStateException(
              "KryoNet TCP delivered " + received.get() + " of " + count);
        }
      } else {
        int before;
        do {
          before = received.get();
        } while (!all.await(UDP_SILENCE_MILLIS, TimeUnit.MILLISECONDS) && received.get() != before);
      }
      int arrived = received.get();
      return new double[] {arrived * 1e9 / (lastArrival.get() - start), (double) arrived / count};
    } finally {
      client.stop();
      server.stop();
    }
  }

  /**
   * p50 and p99 of the round trip in microseconds over the replies that came back, and the fraction
   * of requests that got no reply: a request every millisecond, echoed at once.
   */
  static double[] latency(Transport transport, Ports ports)
      throws IOException, InterruptedException {
    int requests = UdpLoopback.REQUESTS;
    AtomicLongArray sentAt = new AtomicLongArray(requests);
    AtomicLongArray roundTrips = new AtomicLongArray(requests);
    AtomicInteger replies = new AtomicInteger();
    CountDownLatch all = new CountDownLatch(requests);
    Server server =
        server(
            ports,
            new Listener() {
              @Override
              public void received(Connection connection, Object message) {
                if (message instanceof byte[]) {
                  if (transport == Transport.TCP) {
                    connection.sendTCP(message);
                  } else {
                    connection.sendUDP(message);
                  }
                }
              }
            });
    Client client = new Client(WRITE_BUFFER, OBJECT_BUFFER);
    client.addListener(
        new Listener() {
          @Override
          public void received(Connection connection, Object message) {
            if (message instanceof byte[] reply) {
              int number = ByteBuffer.wrap(reply).getInt();
              roundTrips.set(replies.getAndIncrement(), System.nanoTime() - sentAt.get(number));
              all.countDown();
            }
          }
        });
    try {
      connect(client, ports);
      long next = System.nanoTime();
      for (int i = 0; i < requests; i++) {
        for (long wait = next - System.nanoTime(); wait > 0; wait = next - System.nanoTime()) {
          LockSupport.parkNanos(wait);
        }
        byte[] request = ByteBuffer.allocate(4).putInt(i).array();
        sentAt.set(i, System.nanoTime());
        if (transport == Transport.TCP) {
          client.sendTCP(request);
        } else {
          client.sendUDP(request);
        }
        next += 1_000_000;
      }
      boolean complete =
          all.await(
              transport == Transport.TCP ? LIMIT_SECONDS * 1000 : UDP_SILENCE_MILLIS,
              TimeUnit.MILLISECONDS);
      if (!complete && transport == Transport.TCP) {
        throw new IllegalStateException(
            "KryoNet TCP answered " + replies.get() + " of " + requests);
      }
    } finally {
      client.stop();
      server.stop();
    }
    int answered = Math.min(replies.get(), requests);
    long[] sorted = new long[answered];
    for (int i = 0; i < answered; i++) {
      sorted[i] = roundTrips.get(i);
    }
    Arrays.sort(sorted);
    return new double[] {
      sorted[answered / 2] / 1e3,
      sorted[(int) (answered * 0.99)] / 1e3,
      1 - (double) answered / requests
    };
  }

  private static Server server(Ports ports, Listener listener) throws IOException {
    Server server = new Server(WRITE_BUFFER, OBJECT_BUFFER);
    server.getKryo().register(byte[].class);
    server.addListener(listener);
    server.bind(
        new InetSocketAddress(UdpLoopback.LOOPBACK.getAddress(), ports.tcp),
        new InetSocketAddress(UdpLoopback.LOOPBACK.getAddress(), ports.udp));
    server.start();
    return server;
  }

  /** Connects {@code client}; the caller stops it (and its update thread) even if this fails. */
  private static void connect(Client client, Ports ports) throws IOException {
    client.getKryo().register(byte[].class);
    client.start();
    // Both ports, as KryoNet's README connects, for TCP too: a TCP-only client of a server
    // bound to a UDP port is disconnected as soon as it sends (seen with 2.22.0-RC1).
    client.connect(10_000, UdpLoopback.LOOPBACK.getAddress(), ports.tcp, ports.udp);
  }
}
