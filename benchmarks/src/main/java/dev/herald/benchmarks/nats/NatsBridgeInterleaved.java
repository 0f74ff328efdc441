package dev.herald.benchmarks.nats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The ratio of {@link NatsBridgeBenchmark}'s two paths measured in one JVM, batch against batch: a
 * Herald batch and a raw jnats batch of {@value NatsBridgeBenchmark#BATCH} messages each round, in
 * alternating order (ABBA), so that both see the same load. On a shared machine whose load changes
 * by the minute, JMH's figures for the two benchmarks, measured one after the other, can differ by
 * a factor of two for that alone; their ratio here cannot.
 *
 * <p>Run (needs a server, as the benchmark does): {@code java -cp benchmarks/target/benchmarks.jar
 * dev.herald.benchmarks.nats.NatsBridgeInterleaved [rounds]}
 */
public final class NatsBridgeInterleaved {
  private NatsBridgeInterleaved() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    NatsBridgeBenchmark paths = new NatsBridgeBenchmark();
    paths.open();
    try {
      long warmUpEnd = System.nanoTime() + 2_000_000_000L * NatsBridgeBenchmark.WARM_UP_SECONDS;
      while (System.nanoTime() < warmUpEnd) {
        paths.herald();
        paths.rawJnats();
      }
      long heraldNanos = 0;
      long rawNanos = 0;
      CpuClocks heraldCpu = new CpuClocks();
      CpuClocks rawCpu = new CpuClocks();
      double[] ratios = new double[rounds];
      for (int round = 0; round < rounds; round++) {
        long herald;
        long raw;
        if (round % 2 == 0) {
          herald = timeHerald(paths, heraldCpu);
          raw = timeRaw(paths, rawCpu);
        } else {
          raw = timeRaw(paths, rawCpu);
          herald = timeHerald(paths, heraldCpu);
        }
        heraldNanos += herald;
        rawNanos += raw;
        ratios[round] = (double) raw / herald; // Herald's rate over raw's
      }
      long messages = (long) rounds * NatsBridgeBenchmark.BATCH;
      Arrays.sort(ratios);
      System.out.printf(
          "herald %,.0f messages/s, raw jnats %,.0f messages/s: herald / raw = %.3f"
              + " (per round: median %.3f, quartiles %.3f to %.3f; %d rounds of %,d)%n",
          messages * 1e9 / heraldNanos,
          messages * 1e9 / rawNanos,
          (double) rawNanos / heraldNanos,
          ratios[rounds / 2],
          ratios[rounds / 4],
          ratios[3 * rounds / 4],
          rounds,
          NatsBridgeBenchmark.BATCH);
      System.out.printf(
          "CPU per message in this JVM's threads: herald %.0f ns (posting thread %.0f), raw jnats"
              + " %.0f ns (posting thread %.0f)%n",
          heraldCpu.all / (double) messages,
          heraldCpu.posting / (double) messages,
          rawCpu.all / (double) messages,
          rawCpu.posting / (double) messages);
    } finally {
      paths.close();
    }
  }

  private static long timeHerald(NatsBridgeBenchmark paths, CpuClocks cpu)
      throws InterruptedException {
    cpu.before();
    long start = System.nanoTime();
    paths.herald();
    long elapsed = System.nanoTime() - start;
    cpu.after();
    return elapsed;
  }

  private static long timeRaw(NatsBridgeBenchmark paths, CpuClocks cpu)
      throws InterruptedException {
    cpu.before();
    long start = System.nanoTime();
    paths.rawJnats();
    long elapsed = System.nanoTime() - start;
    cpu.after();
    return elapsed;
  }

  /** The CPU time this JVM's threads spent during one path's batches, summed over the rounds. */
  private static final class CpuClocks {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private long[] ids = new long[0];
    private long[] before = new long[0];
    private long postingBefore;
    long all;
    long posting;

    void before() {
      ids = THREADS.getAllThreadIds();
      before = new long[ids.length];
      for (int i = 0; i < ids.length; i++) {
        before[i] = THREADS.getThreadCpuTime(ids[i]);
      }
      postingBefore = THREADS.getCurrentThreadCpuTime();
    }

    void after() {
      posting += THREADS.getCurrentThreadCpuTime() - postingBefore;
      for (int i = 0; i < ids.length; i++) {
        long now = THREADS.getThreadCpuTime(ids[i]);
        if (now >= 0 && before[i] >= 0) {
          all += now - before[i]; // a thread started during the batch is left out
        }
      }
    }
  }
}
