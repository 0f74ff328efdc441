package dev.herald.wire;

/** Strict UTF-8 validation (RFC 3629): what the JDK's decoder would silently replace is refused. */
final class Utf8 {

  /** The index of the first byte in {@code [from, to)} that starts no valid sequence, or -1. */
  static int firstInvalid(byte[] bytes, int from, int to) {
    int i = from;
    while (i < to) {
      int b = bytes[i] & 0xFF;
      if (b < 0x80) {
        i++;
      } else if (b < 0xC2) {
        return i; // a continuation byte, or an overlong two-byte form
      } else if (b < 0xE0) {
        if (!continuation(bytes, i + 1, to)) {
          return i;
        }
        i += 2;
      } else if (b < 0xF0) {
        if (!continuation(bytes, i + 1, to) || !continuation(bytes, i + 2, to)) {
          return i;
        }
        int second = bytes[i + 1] & 0xFF;
        if ((b == 0xE0 && second < 0xA0) || (b == 0xED && second >= 0xA0)) {
          return i; // overlong, or a surrogate
        }
        i += 3;
      } else if (b < 0xF5) {
        if (!continuation(bytes, i + 1, to)
            || !continuation(bytes, i + 2, to)
            || !continuation(bytes, i + 3, to)) {
          return i;
        }
        int second = bytes[i + 1] & 0xFF;
        if ((b == 0xF0 && second < 0x90) || (b == 0xF4 && second >= 0x90)) {
          return i; // overlong, or above U+10FFFF
        }
        i += 4;
      } else {
        return i;
      }
    }
    return -1;
  }

  private static boolean continuation(byte[] bytes, int i, int to) {
    return i < to && (bytes[i] & 0xC0) == 0x80;
  }

  private Utf8() {}
}
