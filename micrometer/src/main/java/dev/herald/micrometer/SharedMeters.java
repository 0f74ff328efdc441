package dev.herald.micrometer;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Meters that several binders may hold in one registry, counted by holder. A registry hands the
 * same meter to every binder that registers its name and tags (two {@link UdpNodeMetrics} of one
 * node, say), so the meter leaves the registry only when its last holder lets it go: without the
 * count, the first binder to close would remove the other's meters, and they would not come back.
 *
 * <p>A meter reads one subject (a peer). When a holder registers a meter for another subject under
 * the same name and tags (a client that came back from the same address is a new peer) while
 * another holder still holds the old one, the old meter is replaced in the registry; its holders'
 * releases then only count down and leave the new one alone.
 */
final class SharedMeters {
  private static final Object LOCK = new Object();

  /** Each meter held, by identity. Guarded by LOCK. */
  private static final Map<Meter, Holding> HOLDINGS = new IdentityHashMap<>();

  /** Who holds a meter, and what it reads. */
  private static final class Holding {
    final Object subject;
    int holders;

    /** Whether a meter for another subject took its place in the registry. */
    boolean replaced;

    Holding(Object subject) {
      this.subject = subject;
    }
  }

  private SharedMeters() {}

  /**
   * Registers a meter that reads {@code subject} (or finds the one registered under its name and
   * tags) and counts one more holder.
   */
  static <M extends Meter> M hold(MeterRegistry registry, Object subject, Supplier<M> register) {
    synchronized (LOCK) {
      // under the lock, so that no other holder's release removes the meter in between
      M meter = register.get();
      Holding holding = HOLDINGS.get(meter);
      if (holding != null && holding.subject != subject) {
        holding.replaced = true;
        registry.remove(meter);
        meter = register.get();
        holding = HOLDINGS.get(meter);
      }
      if (holding == null) {
        holding = new Holding(subject);
        HOLDINGS.put(meter, holding);
      }
      holding.holders++;
      return meter;
    }
  }

  /** Counts one holder fewer, and removes the meter from the registry if it was the last. */
  static void release(MeterRegistry registry, Meter meter) {
    synchronized (LOCK) {
      Holding holding = HOLDINGS.get(meter);
      if (holding != null && --holding.holders > 0) {
        return;
      }
      HOLDINGS.remove(meter);
      // a replaced meter's name and tags are its successor's now: removing it would remove that
      if (holding == null || !holding.replaced) {
        registry.remove(meter);
      }
    }
  }
}
