package dev.herald.net.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
}
