package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rules 3 and 7 across threads. */
class ConcurrencyTest {
  private static final int POSTERS = 4;
  private static final int POSTS_EACH = 20_000;
  private static final int CHURNERS = 2;
  private static final int CHURNS_EACH = 2_000;

  /** Messages carry the epoch their post began in: the count of unregistrations finished. */
  static final class Numbered {
    final int id;
    final long epoch;

    Numbered(int id, long epoch) {
      this.id = id;
      this.epoch = epoch;
    }
  }

  static final class Stable {
    final AtomicIntegerArray deliveries = new AtomicIntegerArray(POSTERS * POSTS_EACH);

    @Subscribe
    void on(Numbered message) {
      deliveries.incrementAndGet(message.id);
    }
  }

  static final class Churner {
    final AtomicLong violations;
    volatile long closedInEpoch = Long.MAX_VALUE;

    Churner(AtomicLong violations) {
      this.violations = violations;
    }

    @Subscribe(priority = 1)
    void on(Numbered message) {
      if (message.epoch >= closedInEpoch) {
        violations.incrementAndGet();
      }
    }
  }

  @Test
  void postersAndRegistrarsRacingKeepEveryGuarantee() throws Exception {
    MessageBus bus = TestBuses.rethrowing();
    List<Stable> stable = List.of(new Stable(), new Stable(), new Stable());
    stable.forEach(bus::register);
    AtomicLong epoch = new AtomicLong();
    AtomicLong violations = new AtomicLong();
    CyclicBarrier start = new CyclicBarrier(POSTERS + CHURNERS);
    ExecutorService threads = Executors.newFixedThreadPool(POSTERS + CHURNERS);
    try {
      List<Future<?>> work = new ArrayList<>();
      for (int p = 0; p < POSTERS; p++) {
        int first = p * POSTS_EACH;
        work.add(
            threads.submit(
                () -> {
                  start.await();
                  for (int i = first; i < first + POSTS_EACH; i++) {
                    bus.post(new Numbered(i, epoch.get()));
                  }
                  return null;
                }));
      }
      for (int c = 0; c < CHURNERS; c++) {
        work.add(
            threads.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < CHURNS_EACH; i++) {
                    Churner churner = new Churner(violations);
                    Registration registration = bus.register(churner);
                    if (i % 2 == 0) {
                      registration.close();
                    } else {
                      bus.unregister(churner);
                    }
                    churner.closedInEpoch = epoch.incrementAndGet();
                  }
                  return null;
                }));
      }
      for (Future<?> future : work) {
        future.get(2, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdownNow();
    }

    assertEquals(
        0, violations.get(), "a dispatch that began after unregister returned reached the handler");
    for (Stable listener : stable) {
      for (int id = 0; id < POSTERS * POSTS_EACH; id++) {
        assertEquals(1, listener.deliveries.get(id), "deliveries of message " + id);
      }
    }
    assertEquals((long) CHURNERS * CHURNS_EACH, epoch.get());
    assertEquals(3, bus.registry.handlerCount());
  }
}
