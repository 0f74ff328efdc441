package dev.herald.benchmarks.build;

import com.sun.source.util.JavacTask;
import com.sun.source.util.Plugin;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A javac plugin ({@code -Xplugin:HeraldPhases}, found on the processor path) that prints, when the
 * compilation ends, one line to standard error: the wall time javac spent in each of its phases,
 * and how long the processors themselves ran in each round. {@link ProcessorCost} adds it to every
 * build when asked for phases, to say where a build's time goes.
 *
 * <p>A phase's time runs from its first start to its last finish, counted once however many files
 * are in it at the same time (javac enters all files of a round together). Parsing and entering
 * include those of the later processing rounds, which the phase {@code ANNOTATION_PROCESSING} also
 * contains.
 */
public final class JavacPhases implements Plugin {
  /** The start of the line it prints; {@link ProcessorCost} looks for it. */
  static final String PREFIX = "herald-phases";

  private final Map<TaskEvent.Kind, long[]> phases = new EnumMap<>(TaskEvent.Kind.class);
  private final List<Long> rounds = new ArrayList<>();
  private long roundStart;

  @Override
  public String getName() {
    return "HeraldPhases";
  }

  @Override
  public void init(JavacTask task, String... args) {
    long start = System.nanoTime();
    task.addTaskListener(
        new TaskListener() {
          @Override
          public void started(TaskEvent e) {
            long[] phase = phases.computeIfAbsent(e.getKind(), k -> new long[3]); // ns, open, since
            if (phase[1]++ == 0) {
              phase[2] = System.nanoTime();
            }
            if (e.getKind() == TaskEvent.Kind.ANNOTATION_PROCESSING_ROUND) {
              roundStart = System.nanoTime();
            }
          }

          @Override
          public void finished(TaskEvent e) {
            long[] phase = phases.get(e.getKind());
            if (phase != null && --phase[1] == 0) {
              phase[0] += System.nanoTime() - phase[2];
            }
            if (e.getKind() == TaskEvent.Kind.ANNOTATION_PROCESSING_ROUND) {
              rounds.add(System.nanoTime() - roundStart);
            }
            if (e.getKind() == TaskEvent.Kind.COMPILATION) {
              System.err.println(line(System.nanoTime() - start));
            }
          }
        });
  }

  private String line(long total) {
    StringBuilder line = new StringBuilder(PREFIX).append(" total=").append(ms(total));
    for (Map.Entry<TaskEvent.Kind, long[]> phase : phases.entrySet()) {
      if (phase.getKey() != TaskEvent.Kind.COMPILATION) {
        line.append(' ')
            .append(phase.getKey().name().toLowerCase(Locale.ROOT))
            .append('=')
            .append(ms(phase.getValue()[0]));
      }
    }
    line.append(" rounds=").append(rounds.size());
    for (int i = 0; i < rounds.size(); i++) {
      line.append(" round").append(i + 1).append('=').append(ms(rounds.get(i)));
    }
    return line.toString();
  }

  private static long ms(long nanos) {
    return Math.round(nanos / 1e6);
  }
}
