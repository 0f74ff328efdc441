package dev.herald.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ManualTickerTest {

  @Test
  void countsNanosecondsFromZeroAndMovesOnlyWhenAdvanced() {
    ManualTicker ticker = new ManualTicker();
    assertEquals(0, ticker.nanoTime());
    ticker.advance(Duration.ofMillis(3));
    assertEquals(3_000_000, ticker.nanoTime());
    assertEquals(3_000_000, ticker.nanoTime());
  }

  @Test
  void refusesToGoBack() {
    ManualTicker ticker = new ManualTicker();
    ticker.advance(Duration.ofSeconds(1));
    assertThrows(IllegalArgumentException.class, () -> ticker.advance(Duration.ofNanos(-1)));
    assertEquals(1_000_000_000, ticker.nanoTime());
  }

  @Test
  void advancesByNanosecondsAsAGameLoopDoesEachFrame() {
    ManualTicker ticker = new ManualTicker();
    for (int frame = 0; frame < 60; frame++) {
      ticker.advanceNanos(16_666_667);
    }
    assertEquals(1_000_000_020L, ticker.nanoTime());
  }

  @Test
  void refusesANegativeStepInNanosecondsAndKeepsItsReading() {
    ManualTicker ticker = new ManualTicker();
    ticker.advanceNanos(5);
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> ticker.advanceNanos(-1));
    assertTrue(refused.getMessage().contains("never goes back"), refused.getMessage());
    assertEquals(5, ticker.nanoTime());
  }

  @Test
  void refusesToOverflowRatherThanWrapToTheDistantPast() {
    ManualTicker ticker = new ManualTicker();
    ticker.advanceNanos(Long.MAX_VALUE - 1);
    assertThrows(ArithmeticException.class, () -> ticker.advanceNanos(2));
    assertEquals(Long.MAX_VALUE - 1, ticker.nanoTime());
  }
}
