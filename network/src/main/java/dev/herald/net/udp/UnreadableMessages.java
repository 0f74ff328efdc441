package dev.herald.net.udp;

/**
 * One peer's messages that could not be read, and what of them has been logged: the first at once,
 * the rest in one summary per interval, so a peer that sends nothing else costs a log record per
 * interval, never one per message. Not thread-safe: the node uses it under its lock.
 */
final class UnreadableMessages {

  /** The most characters of a reason that are logged: a reason may quote what the peer sent. */
  static final int MAX_REASON_LENGTH = 200;

  private long total;
  private long unlogged;
  private String lastReason;
  private boolean loggedAny;
  private long nextLogNanos;

  /** All the peer's unreadable messages so far. */
  long total() {
    return total;
  }

  /**
   * Counts one, whose {@code reason} says what was wrong; returns the record to log now, or null if
   * it waits for the next summary.
   */
  String count(Peer peer, String reason, long now, long intervalNanos) {
    total++;
    lastReason = shorten(reason);
    if (loggedAny && now - nextLogNanos < 0) {
      unlogged++;
      return null;
    }
    String record;
    if (unlogged == 0) {
      record =
          "Herald: "
              + peer
              + " sent a message that could not be read ("
              + total
              + " in all): "
              + lastReason;
    } else {
      unlogged++;
      record = summary(peer, "since the last report");
    }
    logged(now, intervalNanos);
    return record;
  }

  /**
   * The summary due at {@code now}, if messages wait for one and the interval has passed; else
   * null.
   */
  String summaryDue(Peer peer, long now, long intervalNanos) {
    if (unlogged == 0 || now - nextLogNanos < 0) {
      return null;
    }
    String record = summary(peer, "since the last report");
    logged(now, intervalNanos);
    return record;
  }

  /**
   * The earlier of {@code deadline} and the time {@link #summaryDue} will return a summary, if
   * messages wait for one.
   */
  long summaryDeadline(long deadline) {
    return unlogged == 0 || nextLogNanos - deadline >= 0 ? deadline : nextLogNanos;
  }

  /** The summary of what was not yet logged when the peer goes, or null if nothing waits. */
  String summaryAtTheEnd(Peer peer) {
    if (unlogged == 0) {
      return null;
    }
    String record = summary(peer, "before it went");
    unlogged = 0;
    return record;
  }

  /**
   * The record of a peer dropped for sending more than {@code limit}; it includes what was not yet
   * logged.
   */
  String dropped(Peer peer, int limit) {
    unlogged = 0;
    return "Herald: disconnected "
        + peer
        + ": it sent "
        + total
        + " messages that could not be read, more than the "
        + limit
        + " allowed (NodeConfig.withMaxUnreadableMessages); the last: "
        + lastReason;
  }

  private String summary(Peer peer, String when) {
    return "Herald: "
        + peer
        + " sent "
        + unlogged
        + " more messages that could not be read "
        + when
        + " ("
        + total
        + " in all); the last: "
        + lastReason;
  }

  private void logged(long now, long intervalNanos) {
    loggedAny = true;
    unlogged = 0;
    nextLogNanos = now + intervalNanos;
  }

  /** {@code reason}, cut to {@link #MAX_REASON_LENGTH} characters. */
  static String shorten(String reason) {
    String text = String.valueOf(reason);
    return text.length() <= MAX_REASON_LENGTH ? text : text.substring(0, MAX_REASON_LENGTH) + "...";
  }
}
