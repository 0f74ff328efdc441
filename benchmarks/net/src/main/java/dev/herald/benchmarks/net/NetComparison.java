package dev.herald.benchmarks.net;

import dev.herald.benchmarks.net.KryoNetLoopback.Ports;
import dev.herald.benchmarks.net.KryoNetLoopback.Transport;
import dev.herald.net.testkit.LinkConditions;
import java.util.Arrays;

/**
 * The network comparison in one run: Herald's UDP node beside KryoNet over TCP and over UDP,
 * one-way throughput and the round trip of a request and its reply, at 0 % and 10 % loss. Each
 * figure is the median of {@value #REPEATS} runs after a warm-up run of each.
 *
 * <p>Herald's 10 % row crosses the relay, so Herald is also measured at 0 % through the relay (its
 * hop and forwarding thread, nothing lost) beside the direct 0 % row; the run ends with the ratio
 * of 10 % to 0 % through the relay (the cost of the loss alone) and the CPU of the node's and the
 * relay's threads in each one-way row, to tell which was the bottleneck.
 *
 * <p>Loss is applied differently to each, and the table says so: Herald's datagrams cross the
 * {@code LossyRelay}; TCP cannot (the relay forwards datagrams), so KryoNet's 10 % rows need a
 * packet filter dropping 10 % of the packets to and from its lossy ports, set up by {@code
 * benchmarks/net/run-netem.sh} (root, a private network namespace), which passes {@code
 * --kryonet-loss}. Without that flag the KryoNet 10 % rows are skipped, not faked; {@code
 * --herald-only} skips KryoNet altogether; {@code --window N} gives Herald's nodes a send window of
 * {@code N} messages instead of the default.
 *
 * <p>Run: {@code flock /tmp/herald-bench.lock benchmarks/net/run-netem.sh}, or without loss for
 * KryoNet: {@code java -jar benchmarks/net/target/benchmarks-net.jar}
 */
public final class NetComparison {
  static final int REPEATS = 3;

  private NetComparison() {}

  /** A row of the table: how Herald's datagrams travel, and KryoNet's beside them. */
  private enum Scenario {
    DIRECT("0 % loss", null),
    RELAY_CLEAN("0 % loss, through the relay", UdpLoopback.NO_LOSS),
    RELAY_LOSSY("10 % loss", UdpLoopback.TEN_PERCENT);

    final String name;
    final LinkConditions relay;

    Scenario(String name, LinkConditions relay) {
      this.name = name;
      this.relay = relay;
    }
  }

  public static void main(String[] args) throws Exception {
    boolean kryoNetLoss = Arrays.asList(args).contains("--kryonet-loss");
    boolean heraldOnly = Arrays.asList(args).contains("--herald-only");
    int windowAt = Arrays.asList(args).indexOf("--window");
    if (windowAt >= 0) {
      UdpLoopback.window = Integer.parseInt(args[windowAt + 1]);
      System.out.println("Herald's send window: " + UdpLoopback.window + " messages");
    }
    UdpLoopback.throughput(null, 1); // warm-up
    UdpLoopback.latency(null, 1);
    UdpLoopback.throughput(UdpLoopback.TEN_PERCENT, 1);
    if (!heraldOnly) {
      for (Transport transport : Transport.values()) {
        KryoNetLoopback.throughput(transport, Ports.CLEAN);
        KryoNetLoopback.latency(transport, Ports.CLEAN);
      }
    }
    System.out.println(
        "| scenario | Herald over UDP (reliable) | KryoNet TCP | KryoNet UDP (unreliable) | Herald / KryoNet TCP |");
    System.out.println("|---|---|---|---|---|");
    double[] oneWay = new double[Scenario.values().length];
    StringBuilder cpu = new StringBuilder();
    for (Scenario scenario : Scenario.values()) {
      String name = scenario.name;
      LinkConditions relay = scenario.relay;
      boolean lossy = scenario == Scenario.RELAY_LOSSY;
      // TCP cannot cross the relay: KryoNet has no row through it
      boolean kryoNet = !heraldOnly && scenario != Scenario.RELAY_CLEAN && (!lossy || kryoNetLoss);
      Ports ports = lossy ? Ports.LOSSY : Ports.CLEAN;
      String noKryoNet = scenario == Scenario.RELAY_CLEAN ? "–" : "not run";

      double[] herald = new double[REPEATS];
      double[] nodeCpu = new double[REPEATS];
      double[] relayCpu = new double[REPEATS];
      double header = 0;
      double allocated = 0;
      double resent = 0;
      double packetsLost = 0;
      long yields = 0;
      long windowFull = 0;
      for (int i = 0; i < REPEATS; i++) {
        UdpLoopback.Throughput run = UdpLoopback.throughput(relay, 100 + i);
        herald[i] = run.messagesPerSecond;
        nodeCpu[i] = run.nodeCpuShare;
        relayCpu[i] = run.relayCpuShare;
        header = run.headerBytesPerMessage;
        allocated = run.bytesAllocatedPerMessage;
        resent = run.retransmissionsPerMessage;
        packetsLost = run.packetsLostPerPacket;
        yields = run.yields;
        windowFull = run.windowFullPasses;
      }
      oneWay[scenario.ordinal()] = median(herald);
      cpu.append(
          String.format(
              "  one way, %s: node thread %.0f %% of a core, relay thread %s; messages resent"
                  + " %.2f %%, packets found lost %.2f %%, passes ending with the window full %,d, yields to the relay %,d (last run)%n",
              name,
              100 * median(nodeCpu),
              relay == null ? "–" : String.format("%.0f %%", 100 * median(relayCpu)),
              100 * resent,
              100 * packetsLost,
              windowFull,
              yields));
      double[][] tcp =
          kryoNet ? repeat(() -> KryoNetLoopback.throughput(Transport.TCP, ports)) : null;
      double[][] udp =
          kryoNet ? repeat(() -> KryoNetLoopback.throughput(Transport.UDP, ports)) : null;
      System.out.printf(
          "| one way, %s: messages/s | %,.0f (runs %s; header %.2f B/msg; %.2f B allocated/msg) | %s | %s | %s |%n",
          name,
          median(herald),
          Arrays.toString(round(herald)),
          header,
          allocated,
          tcp == null
              ? noKryoNet
              : String.format("%,.0f (runs %s)", median(tcp[0]), Arrays.toString(round(tcp[0]))),
          udp == null
              ? noKryoNet
              : String.format(
                  "%,.0f arrived/s, %.1f %% arrived", median(udp[0]), 100 * median(udp[1])),
          tcp == null ? "–" : String.format("%.2f×", median(herald) / median(tcp[0])));

      double[] p50 = new double[REPEATS];
      double[] p99 = new double[REPEATS];
      double pacedHeader = 0;
      for (int i = 0; i < REPEATS; i++) {
        double[] percentiles = UdpLoopback.latency(relay, 200 + i);
        p50[i] = percentiles[0];
        p99[i] = percentiles[1];
        pacedHeader = percentiles[2];
      }
      double[][] tcpRoundTrip =
          kryoNet ? repeat(() -> KryoNetLoopback.latency(Transport.TCP, ports)) : null;
      double[][] udpRoundTrip =
          kryoNet ? repeat(() -> KryoNetLoopback.latency(Transport.UDP, ports)) : null;
      System.out.printf(
          "| round trip, %s: p50 / p99 µs | %.0f / %.0f (header %.2f B/msg) | %s | %s | %s |%n",
          name,
          median(p50),
          median(p99),
          pacedHeader,
          tcpRoundTrip == null
              ? noKryoNet
              : String.format("%.0f / %.0f", median(tcpRoundTrip[0]), median(tcpRoundTrip[1])),
          udpRoundTrip == null
              ? noKryoNet
              : String.format(
                  "%.0f / %.0f of those answered, %.1f %% unanswered",
                  median(udpRoundTrip[0]), median(udpRoundTrip[1]), 100 * median(udpRoundTrip[2])),
          tcpRoundTrip == null
              ? "–"
              : String.format("p99 %.2f×", median(p99) / median(tcpRoundTrip[1])));
    }
    System.out.printf(
        "Herald one way, 10 %% loss ÷ 0 %% loss through the relay: %.2f (÷ 0 %% direct: %.2f;"
            + " the relay at 0 %% ÷ direct: %.2f)%n",
        oneWay[Scenario.RELAY_LOSSY.ordinal()] / oneWay[Scenario.RELAY_CLEAN.ordinal()],
        oneWay[Scenario.RELAY_LOSSY.ordinal()] / oneWay[Scenario.DIRECT.ordinal()],
        oneWay[Scenario.RELAY_CLEAN.ordinal()] / oneWay[Scenario.DIRECT.ordinal()]);
    System.out.print("CPU over the one-way runs (medians of the runs):\n" + cpu);
  }

  private interface Measurement {
    double[] run() throws Exception;
  }

  /**
   * Runs {@code measurement} {@value #REPEATS} times; row i of the result is figure i of each run.
   */
  private static double[][] repeat(Measurement measurement) throws Exception {
    double[][] byFigure = null;
    for (int run = 0; run < REPEATS; run++) {
      double[] figures = measurement.run();
      if (byFigure == null) {
        byFigure = new double[figures.length][REPEATS];
      }
      for (int figure = 0; figure < figures.length; figure++) {
        byFigure[figure][run] = figures[figure];
      }
    }
    return byFigure;
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
}
