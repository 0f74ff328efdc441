package dev.herald.net.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ManualClockTest {

  @Test
  void countsNanosecondsFromZeroAndMovesOnlyWhenAdvanced() {
    ManualClock clock = new ManualClock();
    assertEquals(0, clock.nanoTime());
    clock.advance(Duration.ofMillis(3));
    assertEquals(3_000_000, clock.nanoTime());
    assertEquals(3_000_000, clock.nanoTime());
  }

  @Test
  void refusesToGoBack() {
    ManualClock clock = new ManualClock();
    clock.advance(Duration.ofSeconds(1));
    assertThrows(IllegalArgumentException.class, () -> clock.advance(Duration.ofNanos(-1)));
    assertEquals(1_000_000_000, clock.nanoTime());
  }
}
