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
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A game server's scale, to find how many players one server thread carries: the server runs alone
 * on one thread in this process, and the clients in a child process of their own, driven by several
 * threads, reaching the server through several {@link LossyRelay} shards at 1 % loss (see {@link
 * ScaleClients}). Each second, each client sends the server {@value #RATE} reliable inputs of
 * {@value #PAYLOAD} bytes, and the server sends each client {@value #RATE} reliable events and
 * {@value #RATE} snapshots (the world's state) of {@value #PAYLOAD} bytes, within a bandwidth
 * budget of {@value #BUDGET} bytes a second per connection. Each client runs {@value
 * #CLIENT_FRAME_RATE} frames a second and sends its input on every other frame; so what a client
 * measures (an event's and a snapshot's age when its frame reads them) includes up to one client
 * frame of waiting; what the server measures (an input's age when the server's handler runs) does
 * not. Times cross the two processes as {@link System#nanoTime()}, the machine's monotonic clock on
 * Linux (checked at the start of each count).
 *
 * <p>The relays live in the clients' process: they stand for the network the clients reach the
 * server through, and this process must hold nothing but the server's thread, so that its CPU and
 * latency are the server's own; a third process would only add a JVM's own threads to a machine of
 * few cores. The child reports each of its threads' CPU time, read with {@code ThreadMXBean} at the
 * edges of the measured window.
 *
 * <p>Per client count, a fresh child, {@code --warmup} seconds of the full workload unmeasured,
 * then {@code seconds} measured, then a second's grace so that what was sent within the window can
 * arrive: a row of the server thread's CPU (share of one core, per message it handled or sent), the
 * input latency p50/p99 at the server's handler, the event and snapshot age p99 at the client, what
 * arrived, disconnects, and the CPU of every other thread group: the client drivers' and the relay
 * shards' (total and busiest thread), the rest of each process (GC, compiler), and the cores busy
 * on the whole machine. A count is <i>sustained</i> if nobody disconnected, the input p99 is within
 * two frames at 30 Hz ({@value #P99_LIMIT_MILLIS} ms), at least {@value #ARRIVED_PERCENT} % of the
 * inputs and events sent within the window arrived (snapshots are latest-state: a newer one
 * replaces one still waiting, so fewer arrive by design), and the server thread used less than
 * {@value #SATURATED_PERCENT} % of a core. Of a count not sustained, the row names the threads at
 * {@value #SATURATED_PERCENT} % of a core or more, or the machine's cores if all were busy: when
 * that is a client driver or a relay shard and not the server thread, the limit found is the
 * harness's, not the server's.
 *
 * <p>Run (wrapped in {@code flock /tmp/herald-bench.lock} beside other benchmarks):
 *
 * <pre>
 * java -cp benchmarks/net/target/benchmarks-net.jar dev.herald.benchmarks.net.GameServerScale \
 *     [--drivers N] [--relays N] [--warmup S] [--resolution N] [--find] [seconds] [clients...]
 * </pre>
 *
 * With client counts, a row for each. Without, or with {@code --find}, it finds the largest count
 * sustained: it steps through the counts given or {@link #STEPS}, stops at the first not sustained,
 * bisects between that and the last sustained down to {@code --resolution} clients (default {@value
 * #RESOLUTION}; 0 does not bisect) and prints the largest sustained. {@code --drivers} (default
 * {@value #DRIVERS}) and {@code --relays} (default {@value #RELAYS}) set the threads of the
 * clients' process; {@code seconds} defaults to 10.
 */
public final class GameServerScale {
  static final int RATE = 30;
  static final int CLIENT_FRAME_RATE = 60;
  static final int PAYLOAD = 200;
  static final long BUDGET = 64_000;
  static final double P99_LIMIT_MILLIS = 66.7;
  static final int SATURATED_PERCENT = 90;
  static final double ARRIVED_PERCENT = 99;
  static final int[] STEPS = {500, 1000, 2000, 3000, 4000};
  static final int RESOLUTION = 250;
  static final int DRIVERS = 2;
  static final int RELAYS = 2;
  static final LinkConditions ONE_PERCENT = LinkConditions.perfect().withLoss(0.01);
  private static final long SECOND = 1_000_000_000L;
  private static final com.sun.management.OperatingSystemMXBean SYSTEM =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** The child processes alive, destroyed by the shutdown hook if this process is stopped. */
  private static final List<Process> CHILDREN = new ArrayList<>();

  private GameServerScale() {}

  /** What a run is asked for. */
  static final class Options {
    int seconds = 10;
    int warmup = 2;
    int drivers = DRIVERS;
    int relays = RELAYS;
    int resolution = RESOLUTION;
    boolean find;
    final List<Integer> counts = new ArrayList<>();

    static Options parse(String[] args) {
      Options options = new Options();
      boolean secondsRead = false;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--drivers":
            options.drivers = Integer.parseInt(args[++i]);
            break;
          case "--relays":
            options.relays = Integer.parseInt(args[++i]);
            break;
          case "--warmup":
            options.warmup = Integer.parseInt(args[++i]);
            break;
          case "--resolution":
            options.resolution = Integer.parseInt(args[++i]);
            break;
          case "--find":
            options.find = true;
            break;
          default:
            if (args[i].startsWith("--")) {
              throw new IllegalArgumentException("unknown option " + args[i]);
            }
            if (secondsRead) {
              options.counts.add(Integer.parseInt(args[i]));
            } else {
              options.seconds = Integer.parseInt(args[i]);
              secondsRead = true;
            }
        }
      }
      if (options.counts.isEmpty()) {
        options.find = true;
        for (int count : STEPS) {
          options.counts.add(count);
        }
      }
      return options;
    }
  }

  public static void main(String[] args) throws Exception {
    Options options = Options.parse(args);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  synchronized (CHILDREN) {
                    for (Process child : CHILDREN) {
                      child.destroyForcibly();
                    }
                  }
                },
                "game-server-scale-children"));
    System.out.printf(
        "game server: one server thread in this process; clients in a child process, %d driver"
            + " thread(s), through %d relay shard(s) at 1 %% loss; %d s warm-up + %d s measured per"
            + " count; each client %d inputs/s up, %d events + %d snapshots/s down, %d B each;"
            + " %d cores%n",
        options.drivers,
        options.relays,
        options.warmup,
        options.seconds,
        RATE,
        RATE,
        RATE,
        PAYLOAD,
        Runtime.getRuntime().availableProcessors());
    System.out.println(Row.HEADER);
    Row largest = null;
    Row failed = null;
    for (int count : options.counts) {
      Row row = run(options, count, 2 + count);
      System.out.println(row.format());
      if (row.limit() == null) {
        if (largest == null || row.clients > largest.clients) {
          largest = row;
        }
      } else {
        if (failed == null || row.clients < failed.clients) {
          failed = row;
        }
        if (options.find) {
          break;
        }
      }
    }
    if (options.find && failed != null && options.resolution > 0) {
      int low = largest == null ? 0 : largest.clients;
      int high = failed.clients;
      while (high - low > options.resolution) {
        int middle = (low + high) / 2;
        Row row = run(options, middle, 2 + middle);
        System.out.println(row.format());
        if (row.limit() == null) {
          low = middle;
          largest = row;
        } else {
          high = middle;
          failed = row;
        }
      }
    }
    System.out.printf(
        "largest sustained: %s; %s%n",
        largest == null ? "none" : largest.clients + " clients",
        failed == null
            ? "every count sustained"
            : "not at " + failed.clients + ": " + failed.limit() + "; " + failed.bottleneck());
  }

  /**
   * One count: a server here, a fresh child process for its clients, the workload for the warm-up
   * and the measured window, and the figures of both processes.
   */
  static Row run(Options options, int clientCount, long seed) throws Exception {
    NodeConfig config =
        NodeConfig.defaults()
            .withMaxPeers(clientCount)
            .withConnection(ConnectionConfig.defaults().withBandwidth(BUDGET));
    ServerSide atServer = new ServerSide();
    Process child = null;
    try (UdpNode server = UdpNode.server(UdpLoopback.LOOPBACK, config, atServer)) {
      child = startChild(options, server, clientCount, seed);
      ChildLines lines = new ChildLines(child);
      Thread reader = new Thread(lines, "game-server-scale-child-reader");
      reader.setDaemon(true);
      reader.start();
      Writer toChild = new OutputStreamWriter(child.getOutputStream(), StandardCharsets.UTF_8);

      // connect: the server updates until every client is in and the child says so, and the
      // peers of clients the child gave up on (their handshake retried) have timed out here
      long deadline = System.nanoTime() + 180 * SECOND;
      String ready = null;
      while (ready == null || atServer.peers.size() != clientCount) {
        server.update();
        server.awaitDatagram(Duration.ofMillis(1));
        if (ready == null) {
          ready = lines.poll("READY", 0);
          if (ready != null) {
            long skew = System.nanoTime() - Long.parseLong(ready.split(" ")[1]);
            if (skew < 0 || skew > 10 * SECOND) {
              throw new IllegalStateException(
                  "the child's System.nanoTime() is not this process's clock ("
                      + skew
                      + " ns apart)");
            }
          }
        }
        if (System.nanoTime() - deadline > 0 || !child.isAlive()) {
          throw new IllegalStateException(
              "the clients did not connect: "
                  + atServer.peers.size()
                  + " of "
                  + clientCount
                  + (child.isAlive() ? "" : ", the child exited with " + child.exitValue()));
        }
      }

      long start = System.nanoTime() + SECOND / 5;
      long[] times = {
        start,
        start + options.warmup * SECOND,
        start + (options.warmup + options.seconds) * SECOND,
        start + (options.warmup + options.seconds + 1) * SECOND
      };
      toChild.write(String.format("GO %d %d %d %d%n", times[0], times[1], times[2], times[3]));
      toChild.flush();
      Machine machine = new Machine(times[1], times[2]);
      Thread sampler = new Thread(machine, "game-server-scale-machine");
      sampler.setDaemon(true);
      sampler.start();
      ServerLoop loop = new ServerLoop(server, atServer, times);
      loop.run(); // on this thread: the server's thread
      sampler.join();
      String result = lines.poll("RESULT", 60);
      if (result == null) {
        throw new IllegalStateException("the child reported nothing within a minute");
      }
      Map<String, String> figures = new HashMap<>();
      for (String word : result.split(" ")) {
        int equals = word.indexOf('=');
        if (equals > 0) {
          figures.put(word.substring(0, equals), word.substring(equals + 1));
        }
      }

      Row row = new Row();
      row.clients = clientCount;
      row.seconds = options.seconds;
      row.serverCpuNanos = loop.cpuNanos;
      row.inputsReceived = atServer.received;
      row.eventsSent = loop.eventsSent;
      row.snapshotsSent = loop.snapshotsSent;
      row.inputLatency = atServer.latency;
      row.serverDisconnects = atServer.disconnects;
      row.serverProcessCpuNanos = machine.processCpuNanos;
      row.machineBusyCores = machine.busyCores;
      row.cores = Runtime.getRuntime().availableProcessors();
      for (Peer peer : atServer.peers) {
        ConnectionCounters counters = peer.counters();
        row.packetsLost += counters.packetsLost();
        row.packetsSent += counters.packetsSent();
        row.snapshotsReplaced += counters.snapshotsReplaced();
        row.snapshotsTransmitted += counters.snapshotsSent();
        row.retransmissions += counters.retransmissions();
        row.serverMessagesSent += counters.messagesSent();
      }
      row.inputsSent = longOf(figures, "inputsSent");
      row.refused = loop.refused + longOf(figures, "refused");
      row.eventsReceived = longOf(figures, "events");
      row.snapshotsReceived = longOf(figures, "snapshots");
      row.clientDisconnects = longOf(figures, "disconnects");
      row.eventP99 = Double.parseDouble(figures.get("eventP99"));
      row.snapshotP99 = Double.parseDouble(figures.get("snapshotP99"));
      row.lateP99 = Double.parseDouble(figures.get("lateP99"));
      row.packetsLost += longOf(figures, "packetsLost");
      row.packetsSent += longOf(figures, "packetsSent");
      row.relayReceived = longOf(figures, "relayReceived");
      row.relayLost = longOf(figures, "relayLost");
      row.childProcessCpuNanos = longOf(figures, "processCpu");
      row.driverCpuNanos = new long[options.drivers];
      for (int d = 0; d < options.drivers; d++) {
        row.driverCpuNanos[d] = longOf(figures, "driverCpu." + d);
      }
      row.relayCpuNanos = new long[options.relays];
      for (int r = 0; r < options.relays; r++) {
        row.relayCpuNanos[r] = longOf(figures, "relayCpu." + r);
      }
      toChild.close(); // the child exits when its input ends
      if (!child.waitFor(30, TimeUnit.SECONDS)) {
        child.destroyForcibly();
      }
      return row;
    } finally {
      if (child != null) {
        child.destroyForcibly();
        child.waitFor(10, TimeUnit.SECONDS);
        synchronized (CHILDREN) {
          CHILDREN.remove(child);
        }
      }
    }
  }

  private static long longOf(Map<String, String> figures, String key) {
    String value = figures.get(key);
    if (value == null) {
      throw new IllegalStateException("the child did not report " + key);
    }
    return Long.parseLong(value);
  }

  private static Process startChild(Options options, UdpNode server, int clientCount, long seed)
      throws IOException {
    String java =
        ProcessHandle.current()
            .info()
            .command()
            .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>();
    command.add(java);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(ScaleClients.class.getName());
    command.add(server.localAddress().getAddress().getHostAddress());
    command.add(Integer.toString(server.localAddress().getPort()));
    command.add(Integer.toString(clientCount));
    command.add(Integer.toString(options.drivers));
    command.add(Integer.toString(options.relays));
    command.add(Long.toString(seed));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.redirectError(ProcessBuilder.Redirect.INHERIT);
    synchronized (CHILDREN) {
      Process child = builder.start();
      CHILDREN.add(child);
      return child;
    }
  }

  /**
   * Reads the child's output: protocol lines ({@code READY}, {@code RESULT}) are kept for the
   * server's thread, anything else is shown as it comes.
   */
  private static final class ChildLines implements Runnable {
    final Process child;
    final LinkedBlockingQueue<String> protocol = new LinkedBlockingQueue<>();

    ChildLines(Process child) {
      this.child = child;
    }

    @Override
    public void run() {
      try (BufferedReader in =
          new BufferedReader(
              new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (line.startsWith("READY") || line.startsWith("RESULT")) {
            protocol.add(line);
          } else {
            System.out.println(line);
          }
        }
      } catch (IOException e) {
        // the child is gone: the server's thread finds out by its absence
      }
    }

    /** The next protocol line if it starts with {@code word}, waiting up to {@code seconds}. */
    String poll(String word, int seconds) throws InterruptedException {
      String line = protocol.poll(seconds, TimeUnit.SECONDS);
      if (line != null && !line.startsWith(word)) {
        throw new IllegalStateException("the child said " + line + " where " + word + " was due");
      }
      return line;
    }
  }

  /**
   * This process's CPU and the machine's busy cores over the window, read at its edges by a thread
   * asleep in between, so that the server's thread does nothing but serve.
   */
  private static final class Machine implements Runnable {
    final long windowStart;
    final long windowEnd;
    long processCpuNanos;
    double busyCores = Double.NaN;

    Machine(long windowStart, long windowEnd) {
      this.windowStart = windowStart;
      this.windowEnd = windowEnd;
    }

    @Override
    public void run() {
      ScaleClients.parkUntil(windowStart);
      long[] before = cpuTicks();
      long cpu = SYSTEM.getProcessCpuTime();
      ScaleClients.parkUntil(windowEnd);
      long[] after = cpuTicks();
      processCpuNanos = SYSTEM.getProcessCpuTime() - cpu;
      if (before != null && after != null) {
        long total = after[0] - before[0];
        long idle = after[1] - before[1];
        busyCores = (double) (total - idle) / total * Runtime.getRuntime().availableProcessors();
      }
    }

    /** All and idle (idle, iowait) jiffies of the machine, from /proc/stat; null elsewhere. */
    private static long[] cpuTicks() {
      try {
        String[] words = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
        long total = 0;
        for (int i = 1; i < words.length; i++) {
          total += Long.parseLong(words[i]);
        }
        return new long[] {total, Long.parseLong(words[4]) + Long.parseLong(words[5])};
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }
  }

  /**
   * The server's own thread: updates the node and, 30 times a second per client, sends it an event
   * and a snapshot; counts what it sent within the window and its own CPU time over it.
   */
  private static final class ServerLoop {
    final UdpNode server;
    final ServerSide atServer;
    final long[] times;
    long cpuNanos;
    long eventsSent;
    long snapshotsSent;
    long refused;

    ServerLoop(UdpNode server, ServerSide atServer, long[] times) {
      this.server = server;
      this.atServer = atServer;
      this.times = times;
    }

    void run() throws IOException {
      com.sun.management.ThreadMXBean threads =
          (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
      long start = times[0];
      long windowStart = times[1];
      long windowEnd = times[2];
      long end = times[3];
      atServer.windowStart = windowStart;
      atServer.windowEnd = windowEnd;
      List<Peer> peers = atServer.peers;
      long period = SECOND / RATE;
      long[] nextSend = new long[peers.size()];
      for (int i = 0; i < nextSend.length; i++) {
        nextSend[i] = start + period * i / nextSend.length;
      }
      byte[] event = new byte[PAYLOAD];
      byte[] snapshot = new byte[PAYLOAD];
      MessageDependency handle = new MessageDependency();
      long cpuStart = -1;
      while (true) {
        long now = System.nanoTime();
        if (now - end >= 0) {
          break;
        }
        if (cpuStart < 0 && now - windowStart >= 0) {
          cpuStart = threads.getCurrentThreadCpuTime();
        }
        if (cpuNanos == 0 && cpuStart >= 0 && now - windowEnd >= 0) {
          cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
        }
        boolean inWindow = now - windowStart >= 0 && now - windowEnd < 0;
        for (int i = 0; i < nextSend.length; i++) {
          if (now - nextSend[i] >= 0) {
            nextSend[i] += period;
            Peer peer = peers.get(i);
            ByteBuffer.wrap(event).putLong(0, now);
            handle.clear();
            if (server.trySend(peer, handle, event) == SendStatus.ACCEPTED) {
              if (inWindow) {
                eventsSent++;
              }
            } else if (inWindow) {
              refused++;
            }
            ByteBuffer.wrap(snapshot).putLong(0, now);
            server.sendSnapshot(peer, snapshot);
            if (inWindow) {
              snapshotsSent++;
            }
          }
        }
        server.update();
        server.awaitDatagram(Duration.ofMillis(1));
      }
    }
  }

  /** The server's handler, on the server's thread: times each input sent within the window. */
  private static final class ServerSide implements PeerListener {
    final List<Peer> peers = new ArrayList<>();
    final Histogram latency = new Histogram();
    long windowStart = Long.MAX_VALUE;
    long windowEnd = Long.MAX_VALUE;
    long received;
    long disconnects;

    @Override
    public void onConnected(Peer peer) {
      peers.add(peer);
    }

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      onMessage(peer, payload, 0, payload.length);
    }

    @Override
    public void onMessage(Peer peer, byte[] buffer, int offset, int length) {
      long sentAt = ByteBuffer.wrap(buffer, offset, length).getLong(offset);
      if (sentAt - windowStart >= 0 && sentAt - windowEnd < 0) {
        received++;
        latency.record(System.nanoTime() - sentAt);
      }
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      if (windowStart == Long.MAX_VALUE) {
        // still connecting: a client whose handshake the child retried, gone for good
        peers.remove(peer);
        return;
      }
      if (reason != DisconnectReason.CLOSED_HERE) {
        disconnects++;
        if (disconnects <= 3) {
          System.out.println("  server: " + peer + " disconnected: " + reason);
        }
      }
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

    void add(Histogram other) {
      for (int i = 0; i < buckets.length; i++) {
        buckets[i] += other.buckets[i];
      }
      count += other.count;
      max = Math.max(max, other.max);
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

  /** One client count's figures, over the measured window. */
  static final class Row {
    static final String HEADER =
        String.format(
                Locale.ROOT,
                "%6s | %6s %6s | %6s %6s %6s | %6s %6s | %6s %6s %6s | %5s | %5s %5s | %11s | %11s | %5s %5s | %5s | %5s%n"
                    + "%6s | %6s %6s | %6s %6s %6s | %6s %6s | %6s %6s %6s | %5s | %5s %5s | %11s | %11s | %5s %5s | %5s | %5s",
                "client",
                "server",
                "CPU/",
                "input",
                "input",
                "input",
                "event",
                "snap",
                "in",
                "event",
                "snap",
                "disc",
                "lost",
                "lost",
                "drivers",
                "relays",
                "other",
                "other",
                "mach",
                "late",
                "count",
                "%core",
                "msg µs",
                "p50 ms",
                "p99 ms",
                "max ms",
                "p99 ms",
                "p99 ms",
                "arrvd%",
                "arrvd%",
                "arrvd%",
                "",
                "relay",
                "seen",
                "%core (max)",
                "%core (max)",
                "serv",
                "child",
                "cores",
                "p99")
            + "\n  (%core: share of one core over the window; drivers, relays: all threads of the group"
            + " (busiest one); 'other': the rest of each process (GC, compiler), %core;\n   mach"
            + " cores: cores busy on the whole machine, other work included; 'lost relay' is what"
            + " the relays dropped, 'lost seen' what the connections found lost, both %;\n   late:"
            + " p99 of how late a client frame ran, ms)";
    int clients;
    int seconds;
    int cores;
    long serverCpuNanos;
    long serverProcessCpuNanos;
    long childProcessCpuNanos;
    long[] driverCpuNanos;
    long[] relayCpuNanos;
    double machineBusyCores;
    long inputsSent;
    long inputsReceived;
    long eventsSent;
    long eventsReceived;
    long snapshotsSent;
    long snapshotsReceived;
    long refused;
    Histogram inputLatency;
    double eventP99;
    double snapshotP99;
    double lateP99;
    long serverDisconnects;
    long clientDisconnects;
    long relayLost;
    long relayReceived;
    long packetsLost;
    long packetsSent;
    long snapshotsReplaced;
    long snapshotsTransmitted;
    long retransmissions;
    long serverMessagesSent;

    private double share(long nanos) {
      return 100.0 * nanos / (seconds * 1e9);
    }

    double serverShare() {
      return share(serverCpuNanos);
    }

    /** Messages the server handled or sent: inputs in, events and snapshots out. */
    long serverMessages() {
      return inputsReceived + eventsSent + snapshotsSent;
    }

    long disconnects() {
      return serverDisconnects + clientDisconnects;
    }

    double inputsArrived() {
      return 100.0 * inputsReceived / Math.max(1, inputsSent);
    }

    double eventsArrived() {
      return 100.0 * eventsReceived / Math.max(1, eventsSent);
    }

    /** Why this count is not sustained, or null if it is. */
    String limit() {
      List<String> why = new ArrayList<>();
      if (disconnects() > 0) {
        why.add(disconnects() + " disconnected");
      }
      if (!(inputLatency.millis(0.99) <= P99_LIMIT_MILLIS)) {
        why.add(
            String.format(
                Locale.ROOT,
                "input p99 %.1f ms > %.1f ms",
                inputLatency.millis(0.99),
                P99_LIMIT_MILLIS));
      }
      if (inputsArrived() < ARRIVED_PERCENT || eventsArrived() < ARRIVED_PERCENT) {
        why.add(
            String.format(
                Locale.ROOT,
                "arrived: inputs %.1f %%, events %.1f %% (< %.0f %%)",
                inputsArrived(),
                eventsArrived(),
                ARRIVED_PERCENT));
      }
      if (serverShare() >= SATURATED_PERCENT) {
        why.add(String.format(Locale.ROOT, "server thread at %.0f %% of a core", serverShare()));
      }
      return why.isEmpty() ? null : String.join(", ", why);
    }

    /**
     * The threads at {@value #SATURATED_PERCENT} % of a core or more, or the machine's cores if
     * (nearly) all were busy, or that nothing was saturated.
     */
    String bottleneck() {
      List<String> saturated = new ArrayList<>();
      if (serverShare() >= SATURATED_PERCENT) {
        saturated.add(String.format(Locale.ROOT, "the server thread (%.0f %%)", serverShare()));
      }
      for (int d = 0; d < driverCpuNanos.length; d++) {
        if (share(driverCpuNanos[d]) >= SATURATED_PERCENT) {
          saturated.add(
              String.format(
                  Locale.ROOT, "client driver %d (%.0f %%)", d, share(driverCpuNanos[d])));
        }
      }
      for (int r = 0; r < relayCpuNanos.length; r++) {
        if (share(relayCpuNanos[r]) >= SATURATED_PERCENT) {
          saturated.add(
              String.format(Locale.ROOT, "relay shard %d (%.0f %%)", r, share(relayCpuNanos[r])));
        }
      }
      String machine =
          machineBusyCores >= 0.9 * cores
              ? String.format(
                  Locale.ROOT, "the machine's cores (%.2f of %d busy)", machineBusyCores, cores)
              : null;
      if (saturated.isEmpty()) {
        return machine == null
            ? "no thread at " + SATURATED_PERCENT + " % of a core, the machine not full"
            : "bottleneck: " + machine + ", no single thread at " + SATURATED_PERCENT + " %";
      }
      boolean serverToo = serverShare() >= SATURATED_PERCENT;
      return "bottleneck: "
          + String.join(", ", saturated)
          + (machine == null ? "" : "; " + machine)
          + (serverToo ? "" : " - the harness's limit, not the server's");
    }

    private String group(long[] nanos) {
      long total = 0;
      long max = 0;
      for (long n : nanos) {
        total += n;
        max = Math.max(max, n);
      }
      return String.format(Locale.ROOT, "%5.0f (%3.0f)", share(total), share(max));
    }

    private long sum(long[] nanos) {
      long total = 0;
      for (long n : nanos) {
        total += n;
      }
      return total;
    }

    String format() {
      String line =
          String.format(
              Locale.ROOT,
              "%6d | %6.1f %6.2f | %6.2f %6.2f %6.1f | %6.2f %6.2f | %6.2f %6.2f %6.1f | %5d | %5.2f %5.2f | %11s | %11s | %5.0f %5.0f | %5.2f | %5.1f",
              clients,
              serverShare(),
              serverCpuNanos / 1e3 / Math.max(1, serverMessages()),
              inputLatency.millis(0.50),
              inputLatency.millis(0.99),
              inputLatency.max / 1e6,
              eventP99,
              snapshotP99,
              inputsArrived(),
              eventsArrived(),
              100.0 * snapshotsReceived / Math.max(1, snapshotsSent),
              disconnects(),
              100.0 * relayLost / Math.max(1, relayReceived),
              100.0 * packetsLost / Math.max(1, packetsSent),
              group(driverCpuNanos),
              group(relayCpuNanos),
              share(serverProcessCpuNanos - serverCpuNanos),
              share(childProcessCpuNanos - sum(driverCpuNanos) - sum(relayCpuNanos)),
              machineBusyCores,
              lateP99);
      String limit = limit();
      return line
          + String.format(
              Locale.ROOT,
              "%n    server, whole run: snapshots replaced before they left %.1f %%, reliable"
                  + " messages resent %.2f %%%s",
              100.0 * snapshotsReplaced / Math.max(1, snapshotsReplaced + snapshotsTransmitted),
              100.0 * retransmissions / Math.max(1, serverMessagesSent),
              refused > 0 ? "; refused sends in the window: " + refused : "")
          + "\n    "
          + (limit == null ? "sustained; " : "NOT sustained: " + limit + "; ")
          + bottleneck();
    }
  }
}
