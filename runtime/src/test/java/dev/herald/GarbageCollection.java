package dev.herald;

import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.util.function.BooleanSupplier;

/** A bounded loop of collections for the tests of weakly held listeners. */
final class GarbageCollection {
  private static final int ATTEMPTS = 50;

  private GarbageCollection() {}

  /** Skips the calling test when {@code System.gc()} is known to do nothing. */
  static void assumeExplicitGcWorks() {
    assumeFalse(
        ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+DisableExplicitGC"),
        "explicit GC is disabled (-XX:+DisableExplicitGC), so collection cannot be forced");
  }

  /**
   * Collects garbage until {@code condition} holds, at most {@value #ATTEMPTS} times; returns
   * whether it held.
   */
  static boolean collectUntil(BooleanSupplier condition) {
    for (int i = 0; i < ATTEMPTS; i++) {
      if (condition.getAsBoolean()) {
        return true;
      }
      WeakReference<Object> canary = new WeakReference<>(new Object());
      while (canary.get() != null) {
        System.gc();
        byte[] pressure = new byte[1 << 16];
        pressure[0] = 1;
      }
    }
    return condition.getAsBoolean();
  }
}
