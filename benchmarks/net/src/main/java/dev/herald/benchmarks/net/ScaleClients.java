package dev.herald.benchmarks.net;

import dev.herald.benchmarks.net.GameServerScale.Histogram;
import dev.herald.net.ConnectionConfig;
import dev.herald.net.ConnectionCounters;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.testkit.LossyRelay;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * The clients' side of {@link GameServerScale}, a process of its own so that the server's process
 * holds the server's thread alone: {@code clients} client nodes driven by {@code drivers} threads,
 * reaching the server through {@code relays} {@link LossyRelay} shards at 1 % loss, each with its
 * own thread and sockets (client {@code i} goes through shard {@code i % relays} and is driven by
 * thread {@code i % drivers}).
 *
 * <p>Started by {@link GameServerScale} with {@code serverHost serverPort clients drivers relays
 * seed}; speaks to it in lines. It connects every client, prints {@code READY <nanoTime>}, and
 * waits on its standard input for {@code GO <start> <windowStart> <windowEnd> <end>} (times of
 * {@link System#nanoTime()}, which on Linux is the machine's monotonic clock, shared by both
 * processes): the drivers run every client's frames from {@code start} to {@code end} and count
 * only what was sent within the window. Then it prints one {@code RESULT} line of {@code key=value}
 * figures, including the CPU time of each driver and relay thread over the window, and exits. It
 * exits at once, whatever it was doing, when its standard input closes: a parent that dies takes
 * its clients with it.
 */
final class ScaleClients {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean SYSTEM =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** The most client handshakes under way at once while connecting. */
  static final int HANDSHAKES = 200;

  private ScaleClients() {}

  public static void main(String[] args) throws Exception {
    InetSocketAddress server =
        new InetSocketAddress(InetAddress.getByName(args[0]), Integer.parseInt(args[1]));
    int clientCount = Integer.parseInt(args[2]);
    int driverCount = Integer.parseInt(args[3]);
    int relayCount = Integer.parseInt(args[4]);
    long seed = Long.parseLong(args[5]);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    Parent parent = new Parent();
    Thread watcher = new Thread(parent, "scale-clients-stdin");
    watcher.setDaemon(true);
    watcher.start();

    NodeConfig config =
        NodeConfig.defaults()
            .withConnection(ConnectionConfig.defaults().withBandwidth(GameServerScale.BUDGET));
    List<LossyRelay> relays = new ArrayList<>();
    List<UdpNode> clients = new ArrayList<>();
    Driver[] drivers = new Driver[driverCount];
    try {
      // room for the sockets of clients whose handshake is retried: a relay keeps a route per
      // socket it has seen
      int perRelay =
          Math.min(LossyRelay.MAX_CLIENTS_LIMIT, 2 * ((clientCount + relayCount - 1) / relayCount));
      for (int r = 0; r < relayCount; r++) {
        relays.add(
            LossyRelay.start(server, GameServerScale.ONE_PERCENT, seed + 1_000_003L * r, perRelay));
      }
      for (int d = 0; d < driverCount; d++) {
        drivers[d] = new Driver(d, clientCount);
      }
      UdpNode[] slots = new UdpNode[clientCount];
      int retried = connectAll(slots, relays, drivers, config);
      if (retried > 0) {
        System.out.println("  clients: " + retried + " handshakes timed out and were retried");
      }
      for (int i = 0; i < clientCount; i++) {
        clients.add(slots[i]);
        drivers[i % driverCount].clients.add(slots[i]);
        drivers[i % driverCount].offsets.add(i);
      }
      out.println("READY " + System.nanoTime());
      parent.go.await();
      long[] times = parent.times;
      Thread[] threads = new Thread[driverCount];
      for (int d = 0; d < driverCount; d++) {
        drivers[d].times = times;
        threads[d] = new Thread(drivers[d], "scale-client-driver-" + d);
        threads[d].start();
      }
      Thread[] relayThreads = new Thread[relayCount];
      for (int r = 0; r < relayCount; r++) {
        relayThreads[r] = threadNamed("herald-lossy-relay " + relays.get(r).address());
      }
      // CPU over the window, read at its edges by this thread (asleep in between)
      parkUntil(times[1]);
      long[] driverCpu = new long[driverCount];
      long[] relayCpu = new long[relayCount];
      for (int d = 0; d < driverCount; d++) {
        driverCpu[d] = -THREADS.getThreadCpuTime(threads[d].getId());
      }
      for (int r = 0; r < relayCount; r++) {
        relayCpu[r] = -THREADS.getThreadCpuTime(relayThreads[r].getId());
      }
      long processCpu = -SYSTEM.getProcessCpuTime();
      long relayReceived = -sum(relays, true);
      long relayLost = -sum(relays, false);
      parkUntil(times[2]);
      for (int d = 0; d < driverCount; d++) {
        driverCpu[d] += THREADS.getThreadCpuTime(threads[d].getId());
      }
      for (int r = 0; r < relayCount; r++) {
        relayCpu[r] += THREADS.getThreadCpuTime(relayThreads[r].getId());
      }
      processCpu += SYSTEM.getProcessCpuTime();
      relayReceived += sum(relays, true);
      relayLost += sum(relays, false);
      for (Thread thread : threads) {
        thread.join();
      }

      ClientSide all = new ClientSide();
      for (Driver driver : drivers) {
        all.add(driver.atClients);
      }
      long packetsLost = 0;
      long packetsSent = 0;
      for (UdpNode client : clients) {
        ConnectionCounters counters = client.server().counters();
        packetsLost += counters.packetsLost();
        packetsSent += counters.packetsSent();
      }
      StringBuilder result = new StringBuilder("RESULT");
      put(result, "inputsSent", all.inputsSent);
      put(result, "refused", all.refused);
      put(result, "events", all.events);
      put(result, "snapshots", all.snapshots);
      put(result, "disconnects", all.disconnects);
      put(result, "eventP99", all.eventAge.millis(0.99));
      put(result, "snapshotP99", all.snapshotAge.millis(0.99));
      put(result, "lateP99", all.frameLateness.millis(0.99));
      put(result, "packetsLost", packetsLost);
      put(result, "packetsSent", packetsSent);
      put(result, "relayReceived", relayReceived);
      put(result, "relayLost", relayLost);
      put(result, "processCpu", processCpu);
      for (int d = 0; d < driverCount; d++) {
        put(result, "driverCpu." + d, driverCpu[d]);
      }
      for (int r = 0; r < relayCount; r++) {
        put(result, "relayCpu." + r, relayCpu[r]);
      }
      out.println(result);
      parent.reported = true;
    } finally {
      for (UdpNode client : clients) {
        client.close();
      }
      for (LossyRelay relay : relays) {
        relay.close();
      }
    }
  }

  private static void put(StringBuilder result, String key, long value) {
    result.append(' ').append(key).append('=').append(value);
  }

  private static void put(StringBuilder result, String key, double value) {
    result.append(' ').append(key).append('=').append(String.format(Locale.ROOT, "%.3f", value));
  }

  private static long sum(List<LossyRelay> relays, boolean received) {
    long sum = 0;
    for (LossyRelay relay : relays) {
      sum += received ? relay.received() : relay.lost();
    }
    return sum;
  }

  static void parkUntil(long nanoTime) {
    for (long wait = nanoTime - System.nanoTime(); wait > 0; wait = nanoTime - System.nanoTime()) {
      LockSupport.parkNanos(wait);
    }
  }

  /**
   * Connects a client in every slot, at most {@value #HANDSHAKES} handshakes at a time so that a
   * busy machine does not time them out, and retries with a new client any whose handshake timed
   * out. Returns how many were retried.
   */
  private static int connectAll(
      UdpNode[] slots, List<LossyRelay> relays, Driver[] drivers, NodeConfig config)
      throws IOException {
    long deadline = System.nanoTime() + 120_000_000_000L;
    int retried = 0;
    int created = 0;
    while (true) {
      int pending = 0;
      for (int i = 0; i < created; i++) {
        UdpNode client = slots[i];
        client.update();
        if (client.server().disconnectReason() != null) {
          client.close();
          slots[i] = newClient(i, relays, drivers, config);
          retried++;
          pending++;
        } else if (!client.server().isConnected()) {
          pending++;
        }
      }
      while (created < slots.length && pending < HANDSHAKES) {
        slots[created] = newClient(created, relays, drivers, config);
        created++;
        pending++;
      }
      if (pending == 0) {
        return retried;
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            "not every client connected within two minutes: " + pending + " waiting");
      }
      LockSupport.parkNanos(1_000_000);
    }
  }

  private static UdpNode newClient(
      int index, List<LossyRelay> relays, Driver[] drivers, NodeConfig config) throws IOException {
    return UdpNode.client(
        relays.get(index % relays.size()).address(),
        config,
        drivers[index % drivers.length].atClients);
  }

  private static Thread threadNamed(String name) {
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().equals(name)) {
        return thread;
      }
    }
    throw new IllegalStateException("no thread named " + name);
  }

  /**
   * Reads the parent's lines: {@code GO} and its times start the run; the end of the input ends the
   * process.
   */
  private static final class Parent implements Runnable {
    final CountDownLatch go = new CountDownLatch(1);
    volatile long[] times;
    volatile boolean reported;

    @Override
    public void run() {
      try (BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          String[] words = line.trim().split(" ");
          if (words[0].equals("GO")) {
            long[] read = new long[4];
            for (int i = 0; i < read.length; i++) {
              read[i] = Long.parseLong(words[i + 1]);
            }
            times = read;
            go.countDown();
          }
        }
      } catch (IOException | RuntimeException e) {
        System.err.println("clients: reading the parent failed: " + e);
      }
      // the parent is gone, or done with us
      Runtime.getRuntime().halt(reported ? 0 : 3);
    }
  }

  /**
   * One driving thread: runs its clients' frames from the start to the end: a frame reads what
   * arrived and sends what is due, and every other frame first sends the client's input. Frames of
   * different clients are spread over the frame period, as players' machines are.
   */
  private static final class Driver implements Runnable {
    final int index;
    final int clientCount;
    final List<UdpNode> clients = new ArrayList<>();
    final List<Integer> offsets = new ArrayList<>();
    final ClientSide atClients = new ClientSide();
    long[] times;

    Driver(int index, int clientCount) {
      this.index = index;
      this.clientCount = clientCount;
    }

    @Override
    public void run() {
      long start = times[0];
      long windowStart = times[1];
      long windowEnd = times[2];
      long end = times[3];
      atClients.windowStart = windowStart;
      atClients.windowEnd = windowEnd;
      int count = clients.size();
      long frame = 1_000_000_000L / GameServerScale.CLIENT_FRAME_RATE;
      int framesPerInput = GameServerScale.CLIENT_FRAME_RATE / GameServerScale.RATE;
      long[] nextFrame = new long[count];
      int[] frameNumber = new int[count];
      for (int i = 0; i < count; i++) {
        int global = offsets.get(i);
        nextFrame[i] = start + frame * global / clientCount;
        frameNumber[i] = global;
      }
      byte[] input = new byte[GameServerScale.PAYLOAD];
      MessageDependency handle = new MessageDependency();
      parkUntil(start);
      while (System.nanoTime() - end < 0) {
        long now = System.nanoTime();
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
          if (now - nextFrame[i] >= 0) {
            boolean inWindow = now - windowStart >= 0 && now - windowEnd < 0;
            if (inWindow) {
              atClients.frameLateness.record(now - nextFrame[i]);
            }
            UdpNode client = clients.get(i);
            if (frameNumber[i]++ % framesPerInput == 0) {
              long sentAt = System.nanoTime();
              ByteBuffer.wrap(input).putLong(0, sentAt);
              handle.clear();
              boolean counted = sentAt - windowStart >= 0 && sentAt - windowEnd < 0;
              if (counted) {
                atClients.inputsSent++;
              }
              if (client.trySend(client.server(), handle, input) != SendStatus.ACCEPTED
                  && counted) {
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
    }
  }

  /**
   * The clients' handler, on their driver's thread: times the events and snapshots sent within the
   * window from their send.
   */
  static final class ClientSide implements PeerListener {
    final Histogram eventAge = new Histogram();
    final Histogram snapshotAge = new Histogram();

    /** How late each client frame ran: the driver waiting for a core, or behind its work. */
    final Histogram frameLateness = new Histogram();

    long windowStart = Long.MAX_VALUE;
    long windowEnd = Long.MAX_VALUE;
    long events;
    long snapshots;
    long inputsSent;
    long refused;
    long disconnects;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      onMessage(peer, payload, 0, payload.length);
    }

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      long sentAt = ByteBuffer.wrap(buffer, offset, length).getLong(offset);
      if (sentAt - windowStart >= 0 && sentAt - windowEnd < 0) {
        events++;
        eventAge.record(System.nanoTime() - sentAt);
      }
    }

    @Override
    public void onSnapshot(Peer peer, byte[] payload) {
      long sentAt = ByteBuffer.wrap(payload).getLong(0);
      if (sentAt - windowStart >= 0 && sentAt - windowEnd < 0) {
        snapshots++;
        snapshotAge.record(System.nanoTime() - sentAt);
      }
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      // while connecting, a failed handshake is retried, not counted
      if (reason != DisconnectReason.CLOSED_HERE && windowStart != Long.MAX_VALUE) {
        disconnects++;
        if (disconnects <= 3) {
          System.out.println("  client: " + peer + " disconnected: " + reason);
        }
      }
    }

    void add(ClientSide other) {
      eventAge.add(other.eventAge);
      snapshotAge.add(other.snapshotAge);
      frameLateness.add(other.frameLateness);
      events += other.events;
      snapshots += other.snapshots;
      inputsSent += other.inputsSent;
      refused += other.refused;
      disconnects += other.disconnects;
    }
  }
}
