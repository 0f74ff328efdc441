package dev.herald.gdxgame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Fighters are entities: an address each, their components registered at it. */
class FighterTest {
  private final MessageBus bus = MessageBus.create();
  private final List<String> transcript = new ArrayList<>();
  private final Fighter red = new Fighter(bus, Corner.RED, 3, transcript);
  private final Fighter blue = new Fighter(bus, Corner.BLUE, 3, transcript);

  @Test
  void aHitSentToAFightersAddressReachesThatFightersComponentsAndNoOthers() {
    assertEquals(2, bus.post(new Hit(1), red.toIt()), "red's health and red's flash");

    assertEquals(2, red.health().hp());
    assertTrue(red.flash().isLit());
    assertEquals(3, blue.health().hp());
    assertFalse(blue.flash().isLit());
    assertEquals(List.of("red takes 1, hp 2"), transcript);
  }

  @Test
  void aKnockoutRemovesTheFighterMidDispatchSoItsFlashNeverHearsTheFinalHit() {
    bus.post(new Hit(1), blue.toIt());
    bus.post(new Hit(1), blue.toIt());
    assertEquals(2, blue.flash().hits());

    // Health runs first and, at zero, closes both registrations: the flash, still to be called
    // for this very hit, is not.
    assertEquals(1, bus.post(new Hit(1), blue.toIt()), "only health ran");
    assertEquals(2, blue.flash().hits());
    assertTrue(blue.isKnockedOut());
    assertEquals(
        List.of(
            "blue takes 1, hp 2",
            "blue takes 1, hp 1",
            "blue takes 1, hp 0",
            "blue is knocked out"),
        transcript);

    assertEquals(0, bus.post(new Hit(1), blue.toIt()), "the address retired with its components");
    assertEquals(2, bus.post(new Hit(1), red.toIt()), "red is still in the ring");
  }

  @Test
  void eachMoveBeatsExactlyOneOtherAndLosesToTheThird() {
    for (Move move : Move.values()) {
      int beaten = 0;
      int beatenBy = 0;
      for (Move other : Move.values()) {
        beaten += move.beats(other) ? 1 : 0;
        beatenBy += other.beats(move) ? 1 : 0;
      }
      assertEquals(1, beaten, move + " beats one");
      assertEquals(1, beatenBy, move + " loses to one");
      assertFalse(move.beats(move));
    }
  }
}
