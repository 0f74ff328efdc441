package dev.herald.net;

/**
 * Arithmetic on 15-bit message sequence numbers (0..32767), which wrap.
 *
 * <p>Comparison uses the half-range rule: {@code a} is newer than {@code b} when it lies less than
 * half the range (16,384) ahead of {@code b}. Two numbers exactly half the range apart are newer
 * than each other in neither direction, so no pair is ever newer both ways.
 */
final class SequenceNumbers {

  /** How many distinct sequence numbers exist: 2^15. */
  public static final int RANGE = 1 << 15;

  /** Half the range: the largest forward distance that still counts as "newer" is one less. */
  public static final int HALF_RANGE = RANGE / 2;

  /** The bits a sequence number occupies. */
  public static final int MASK = RANGE - 1;

  private SequenceNumbers() {}

  /** Returns whether {@code a} comes after {@code b} under the half-range rule. */
  public static boolean isNewer(int a, int b) {
    int forward = distance(b, a);
    return forward != 0 && forward < HALF_RANGE;
  }

  /** Returns the number following {@code sequence}, wrapping from 32767 to 0. */
  public static int next(int sequence) {
    return (sequence + 1) & MASK;
  }

  /** Returns how many steps forward lead from {@code from} to {@code to} (0..32767). */
  public static int distance(int from, int to) {
    return (to - from) & MASK;
  }
}
