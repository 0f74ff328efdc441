package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How one subject's numbers are counted across the runs of a process, without a server. */
class NumberingTest {
  private final long now = System.currentTimeMillis();
  private final Numbering numbering = new Numberings(new CoarseClock()).of("s.p");

  @Test
  void aLaterRunStartsAgainFromOneAndWhatItSentBeforeItsFirstHeardWasLost() {
    long first = Prelude.incarnation(now - 2_000, 1);
    long second = Prelude.incarnation(now - 1_000, 2);
    long third = Prelude.incarnation(now, 3);

    assertEquals(
        0, numbering.accept(first, 40, false), "the first run heard: it may have sent before");
    assertEquals(0, numbering.accept(first, 41, false));
    assertEquals(0, numbering.accept(second, 1, false), "a restart: 1 is new, not a redelivery");
    assertEquals(0, numbering.accept(second, 2, false));
    assertEquals(4, numbering.accept(third, 5, false), "a restart heard from its fifth: four lost");
  }

  @Test
  void twoRunsInterleavedAreEachCountedAgainstTheirOwnNumbers() {
    long old = Prelude.incarnation(now - 1_000, 1);
    long current = Prelude.incarnation(now, 2);

    assertEquals(0, numbering.accept(old, 1, false));
    assertEquals(0, numbering.accept(old, 2, false));
    assertEquals(0, numbering.accept(current, 1, false));
    assertEquals(
        Numbering.DUPLICATE, numbering.accept(old, 2, false), "a redelivery of the old run's");
    assertEquals(0, numbering.accept(old, 3, false));
    assertEquals(0, numbering.accept(current, 2, false));
  }

  @Test
  void anAnnouncementTellsOfTheTailAndOnlyOnce() {
    long run = Prelude.incarnation(now, 1);

    assertEquals(0, numbering.accept(run, 1, false));
    assertEquals(
        Numbering.DUPLICATE,
        numbering.accept(run, 1, true),
        "all announced was heard: nothing to count");
    assertEquals(3, numbering.accept(run, 4, true), "2, 3 and 4 never came");
    assertEquals(Numbering.DUPLICATE, numbering.accept(run, 4, true));
    assertEquals(0, numbering.accept(run, 5, false));
  }

  @Test
  void anAnnouncementIsToldFromAMessage() {
    assertTrue(Prelude.isAnnouncement(Prelude.write(null, 42, 300, null)));
    assertFalse(
        Prelude.isAnnouncement(
            Prelude.write(dev.herald.wire.CodecRegistry.load(), 42, 300, new Tick(1))));
    assertFalse(Prelude.isAnnouncement(new byte[] {0, 1}));
  }
}
