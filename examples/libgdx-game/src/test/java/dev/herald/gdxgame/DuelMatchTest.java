package dev.herald.gdxgame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A whole duel between a server and a client over loopback UDP through a relay at 5 % loss: both
 * sides see the same match, line for line, whatever the relay loses.
 */
class DuelMatchTest {
  static final List<String> EXPECTED =
      List.of(
          "round 1 opens",
          "round 1: red STRIKE, blue GUARD: blue wins the exchange",
          "red takes 1, hp 2",
          "round 2 opens",
          "round 2: red GUARD, blue GUARD: draw",
          "round 3 opens",
          "round 3: red FEINT, blue STRIKE: blue wins the exchange",
          "red takes 1, hp 1",
          "round 4 opens",
          "round 4: red STRIKE, blue STRIKE: draw",
          "round 5 opens",
          "round 5: red FEINT, blue GUARD: red wins the exchange",
          "blue takes 1, hp 2",
          "round 6 opens",
          "round 6: red GUARD, blue FEINT: blue wins the exchange",
          "red takes 1, hp 0",
          "red is knocked out",
          "match over: blue wins");

  /** Far more frames than a match needs: six countdowns of 30 frames and the exchanges. */
  private static final int MAX_FRAMES = 5_000;

  @Test
  void bothSidesSeeTheWholeMatchThroughTheLossyRelaySteppedFrameByFrame() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(45),
        () -> {
          DuelMatch match = new DuelMatch(FrameTime.fixed(FrameTime.SIXTIETH), 7, false);
          match.create();
          try {
            int frames = 0;
            while (!match.isOver() && frames < MAX_FRAMES) {
              match.render();
              frames++;
              // Wall time does not enter game time, which moves 1/60 s a frame; the wait only
              // keeps game time from running far ahead of the datagrams on their way.
              match.awaitTraffic(Duration.ofMillis(5));
            }
            assertNull(match.failure());
            assertTrue(match.isOver(), "over within " + MAX_FRAMES + " frames");
            assertEquals(EXPECTED, match.server().transcript(), "the server's transcript");
            assertEquals(EXPECTED, match.client().transcript(), "the client's transcript");
            // Six countdowns of half a second of game time each, one frame a sixtieth of a second.
            assertTrue(frames >= 6 * 30, frames + " frames");
          } finally {
            match.dispose();
          }
        });
  }

  @Test
  void theMatchPlaysOnAHeadlessApplicationOnTheTimeLibGdxMeasures() throws Exception {
    DuelMatch match =
        assertTimeoutPreemptively(
            Duration.ofSeconds(45), () -> DuelMain.play(FrameTime.measuredByGdx(), 42));
    assertNotNull(match, "the match ended within " + DuelMain.LIMIT);
    assertEquals(EXPECTED, match.server().transcript(), "the server's transcript");
    assertEquals(EXPECTED, match.client().transcript(), "the client's transcript");
  }
}
