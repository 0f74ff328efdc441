package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;

class SequenceNumbersTest {

  @Test
  void noPairOfFifteenBitNumbersIsNewerBothWays() {
    // All 2^30 ordered pairs: cheap enough to check them all instead of sampling.
    for (int a = 0; a < SequenceNumbers.RANGE; a++) {
      for (int b = 0; b < SequenceNumbers.RANGE; b++) {
        if (SequenceNumbers.isNewer(a, b) && SequenceNumbers.isNewer(b, a)) {
          fail(a + " and " + b + " are each newer than the other");
        }
      }
    }
  }

  @Test
  void everyPairExceptEqualAndOppositeIsOrderedOneWay() {
    for (int a = 0; a < SequenceNumbers.RANGE; a++) {
      for (int b = 0; b < SequenceNumbers.RANGE; b++) {
        boolean ordered = SequenceNumbers.isNewer(a, b) || SequenceNumbers.isNewer(b, a);
        boolean expected = a != b && SequenceNumbers.distance(a, b) != SequenceNumbers.HALF_RANGE;
        if (ordered != expected) {
          fail(a + " and " + b + ": ordered " + ordered);
        }
      }
    }
  }

  @Test
  void everySuccessorIsNewerIncludingAcrossTheWrap() {
    for (int a = 0; a < SequenceNumbers.RANGE; a++) {
      int next = SequenceNumbers.next(a);
      if (!SequenceNumbers.isNewer(next, a) || SequenceNumbers.isNewer(a, next)) {
        fail("successor of " + a + " is not newer");
      }
    }
    assertEquals(0, SequenceNumbers.next(SequenceNumbers.RANGE - 1));
  }

  @Test
  void newerMeansLessThanHalfTheRangeAhead() {
    assertTrue(SequenceNumbers.isNewer(5, 32760));
    assertTrue(SequenceNumbers.isNewer(16383, 0));
    assertFalse(SequenceNumbers.isNewer(16384, 0));
    assertFalse(SequenceNumbers.isNewer(0, 16384));
    assertFalse(SequenceNumbers.isNewer(7, 7));
  }
}
