package dev.herald.nats;

/**
 * Herald's rule for naming subjects, and the checks of subjects given explicitly.
 *
 * <p>The rule: the prefix (by default {@code herald}), a dot, and the wire type's canonical name:
 * {@code com.acme.Match.Goal} is published on {@code herald.com.acme.Match.Goal}. Since the package
 * and the nesting become subject tokens, wildcards select families of types: {@code
 * herald.com.acme.>} is everything of the package {@code com.acme} and below.
 *
 * <p>On the wire, every subject a bridge publishes on carries the sending process's origin as its
 * second token: {@code lobby-1} publishes {@code herald.com.acme.Match.Goal} on {@code
 * herald.lobby-1.com.acme.Match.Goal}, and an importer of that subject subscribes to {@code
 * herald.*.com.acme.Match.Goal}. The server, not the payload, then says who sent a message, and its
 * permissions can bind an origin to a user: a user allowed to publish only on {@code
 * herald.lobby-1.>} can speak as {@code lobby-1} and as no other process.
 */
final class Subjects {
  static final String DEFAULT_PREFIX = "herald";

  /**
   * The longest origin, in characters: an importer keeps the origins of up to {@link
   * RemoteProcesses#LIMIT} processes, so their length bounds what it holds.
   */
  static final int ORIGIN_MAX_LENGTH = 64;

  /**
   * The longest subject a bridge publishes on or imports from, in bytes as sent (with the origin):
   * an importer keeps the numbering of up to {@link Numberings#LIMIT} subjects, so their length
   * bounds what it holds, whatever line length the server allows; and it is far below the line the
   * server and the bridge's connection read ({@link NatsBridge#MAX_CONTROL_LINE}).
   */
  static final int SUBJECT_MAX_LENGTH = 1024;

  private Subjects() {}

  /** The subject of {@code wireType} under {@code prefix}. */
  static String derived(String prefix, Class<?> wireType) {
    return prefix + "." + wireType.getCanonicalName();
  }

  /**
   * The subject where the process {@code origin} receives what is sent to it alone: outside the
   * prefix, like NATS's own {@code _INBOX}, so that importing {@code herald.>} does not read other
   * processes' mail.
   */
  static String direct(String origin) {
    return "_HERALD.to." + origin;
  }

  /** The subject {@code origin} publishes on for {@code subject}: the origin as second token. */
  static String withOrigin(String subject, String origin) {
    int dot = subject.indexOf('.');
    return dot < 0
        ? subject + "." + origin
        : subject.substring(0, dot) + "." + origin + subject.substring(dot);
  }

  /** What an importer of {@code subject} (wildcards allowed) subscribes to: any origin. */
  static String fromAnyOrigin(String subject) {
    return subject.equals(">") ? "*.>" : withOrigin(subject, "*");
  }

  /** The subject as the user named it: {@code subject} as published, without its origin. */
  static String withoutOrigin(String subject) {
    int from = subject.indexOf('.');
    if (from < 0) {
      return subject;
    }
    int to = subject.indexOf('.', from + 1);
    return to < 0 ? subject.substring(0, from) : subject.substring(0, from) + subject.substring(to);
  }

  /** The origin a published subject names (its second token), or null if it has none. */
  static String originIn(String subject) {
    int from = subject.indexOf('.') + 1;
    if (from == 0) {
      return null;
    }
    int to = subject.indexOf('.', from);
    return subject.substring(from, to < 0 ? subject.length() : to);
  }

  /**
   * {@code subject} as a report shows it: cut after 200 characters, since a subject from the
   * network may be as long as the server allows.
   */
  static String shown(String subject) {
    return subject.length() <= 200
        ? subject
        : subject.substring(0, 200) + "... (" + subject.length() + " characters)";
  }

  /**
   * Whether {@code origin} follows the builder's rule for a process's name: printable ASCII,
   * without dots or wildcards. ASCII since the NATS client sends a subject's characters as UTF-8
   * but reads each byte it receives as one character: any other origin would come back under
   * another name, and what is sent to that name would reach nobody.
   */
  static boolean isOrigin(String origin) {
    if (origin == null || origin.isEmpty() || origin.length() > ORIGIN_MAX_LENGTH) {
      return false;
    }
    for (int i = 0; i < origin.length(); i++) {
      char c = origin.charAt(i);
      if (c <= ' ' || c > '~' || c == '.' || c == '*' || c == '>') {
        return false;
      }
    }
    return true;
  }

  /** The length of {@code subject} as sent: its UTF-8 bytes. */
  static int lengthOnTheWire(String subject) {
    return subject.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  /**
   * Checks that the subject a bridge publishes on, or the pattern it subscribes to, with its origin
   * or the origin's wildcard, is no longer than {@link #SUBJECT_MAX_LENGTH}.
   *
   * @throws IllegalArgumentException naming the subject and the bound
   */
  static String checkLength(String subject, String what) {
    int length = lengthOnTheWire(subject);
    if (length > SUBJECT_MAX_LENGTH) {
      throw new IllegalArgumentException(
          what
              + ": the subject "
              + shown(subject)
              + " is "
              + length
              + " bytes long with its origin; a bridge publishes on and imports from subjects of at"
              + " most "
              + SUBJECT_MAX_LENGTH
              + " bytes (an importer refuses longer ones as malformed)");
    }
    return subject;
  }

  /**
   * Checks a subject given by the user: NATS subjects are dot-separated tokens, none empty, without
   * white space; {@code *} stands for one token and {@code >} for the rest.
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
        throw new IllegalArgumentException(
            what
                + ": \""
                + subject
                + "\" has an empty token; subjects are tokens separated by single dots, as in game.match.goal");
      }
      for (int c = 0; c < token.length(); c++) {
        if (Character.isWhitespace(token.charAt(c))) {
          throw new IllegalArgumentException(what + ": \"" + subject + "\" contains white space");
        }
      }
      boolean wildcard = token.equals("*") || token.equals(">");
      if (!wildcard && (token.contains("*") || token.contains(">"))) {
        throw new IllegalArgumentException(
            what
                + ": \""
                + subject
                + "\": * and > are wildcards only as whole tokens (game.*.goal, game.>)");
      }
      if (wildcard && !wildcards) {
        throw new IllegalArgumentException(
            what
                + ": \""
                + subject
                + "\" has a wildcard; a message is published on one subject. Wildcards are for imports");
      }
      if (token.equals(">") && i != tokens.length - 1) {
        throw new IllegalArgumentException(
            what + ": \"" + subject + "\": > must be the last token");
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
