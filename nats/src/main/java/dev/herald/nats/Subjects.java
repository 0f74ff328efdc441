package dev.herald.nats;

/**
 * Herald's rule for naming subjects, and the checks of subjects given explicitly.
 *
 * <p>The rule: the prefix (by default {@code herald}), a dot, and the wire type's canonical
 * name: {@code com.acme.Match.Goal} is published on {@code herald.com.acme.Match.Goal}. Since
 * the package and the nesting become subject tokens, wildcards select families of types:
 * {@code herald.com.acme.>} is everything of the package {@code com.acme} and below.
 */
final class Subjects {
  static final String DEFAULT_PREFIX = "herald";

  private Subjects() {}

  /** The subject of {@code wireType} under {@code prefix}. */
  static String derived(String prefix, Class<?> wireType) {
    return prefix + "." + wireType.getCanonicalName();
  }

  /**
   * The subject where the process {@code origin} receives what is sent to it alone: outside
   * the prefix, like NATS's own {@code _INBOX}, so that importing {@code herald.>} does not
   * read other processes' mail.
   */
  static String direct(String origin) {
    return "_HERALD.to." + origin;
  }

  /**
   * Checks a subject given by the user: NATS subjects are dot-separated tokens, none empty,
   * without white space; {@code *} stands for one token and {@code >} for the rest.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  static String check(String subject, boolean wildcards, String what) {
    if (subject == null || subject.isEmpty()) {
      throw new IllegalArgumentException(what + ": a subject must not be empty");
    }
    String[] tokens = subject.split("\\.", -1);
    for (int i = 0; i < tokens.length; i++) {
      String token = tokens[i];
      if (token.isEmpty()) {
        throw new IllegalArgumentException(what + ": \"" + subject
            + "\" has an empty token; subjects are tokens separated by single dots, as in game.match.goal");
      }
      for (int c = 0; c < token.length(); c++) {
        if (Character.isWhitespace(token.charAt(c))) {
          throw new IllegalArgumentException(what + ": \"" + subject + "\" contains white space");
        }
      }
      boolean wildcard = token.equals("*") || token.equals(">");
      if (!wildcard && (token.contains("*") || token.contains(">"))) {
        throw new IllegalArgumentException(what + ": \"" + subject
            + "\": * and > are wildcards only as whole tokens (game.*.goal, game.>)");
      }
      if (wildcard && !wildcards) {
        throw new IllegalArgumentException(what + ": \"" + subject
            + "\" has a wildcard; a message is published on one subject. Wildcards are for imports");
      }
      if (token.equals(">") && i != tokens.length - 1) {
        throw new IllegalArgumentException(what + ": \"" + subject + "\": > must be the last token");
      }
    }
    return subject;
  }

  /** Whether {@code name} is non-empty, without white space and without any of {@code banned}. */
  static boolean isName(String name, String banned) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isWhitespace(c) || banned.indexOf(c) >= 0) {
        return false;
      }
    }
    return true;
  }
}
