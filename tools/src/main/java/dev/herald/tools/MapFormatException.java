package dev.herald.tools;

/** A map file this tool cannot read, with what is wrong and how to fix it. */
final class MapFormatException extends Exception {
  private static final long serialVersionUID = 1L;

  MapFormatException(String message) {
    super(message);
  }
}
