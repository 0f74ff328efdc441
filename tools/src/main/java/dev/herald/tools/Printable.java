package dev.herald.tools;

/** Text read from an input, made safe to print in a message: short, and no control characters. */
final class Printable {
  private static final int MOST = 200;

  private Printable() {}

  static String of(String text) {
    StringBuilder printable = new StringBuilder();
    int i = 0;
    for (; i < text.length() && i < MOST; i++) {
      char c = text.charAt(i);
      // control and format characters (a bidi override, say) could rewrite the terminal's line
      if (Character.isISOControl(c) || Character.isIdentifierIgnorable(c)) {
        printable.append(String.format("\\u%04x", (int) c));
      } else {
        printable.append(c);
      }
    }
    return i < text.length() ? printable + "..." : printable.toString();
  }
}
