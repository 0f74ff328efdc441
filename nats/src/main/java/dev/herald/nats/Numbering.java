package dev.herald.nats;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The numbers one process gave its messages on one subject, as they arrive here: a number that
 * skips some tells how many were lost; one that is not above the last is a redelivery (or, on core
 * NATS, a copy for an overlapping import, or a replay); an announcement above the last tells of a
 * loss at the end of the stream.
 *
 * <p>Numbers are counted per incarnation: a process that restarts under the same name numbers from
 * 1 again, as a new sender. The incarnation heard last and the one before are kept, so that two
 * runs whose messages interleave (a JetStream consumer redelivering the old run's after the new
 * run's) are each counted against their own numbers.
 *
 * <p>A number is believed only as far as the sender can have sent: at most {@link
 * #MAX_RATE_PER_MILLI} messages a millisecond on one subject, since this numbering last moved, with
 * a second to spare, or, for an incarnation not heard before, since it started by its own clock,
 * with a minute to spare for that clock's skew. No client comes near that rate; a number beyond it
 * is a forgery or a corruption, and moves nothing here, so one forged payload can neither make the
 * sender's next messages look like redeliveries nor report a loss that did not happen. (A genuine
 * sender refused so, one whose clock runs far ahead, is believed again as time passes: the bound
 * grows by ten million a second, and nothing sends that fast.)
 */
final class Numbering {
  /** What {@link #accept} says of a message that arrived already, or a copy of it. */
  static final long DUPLICATE = -1;

  /** What {@link #accept} says of a message numbered below the last one, on core NATS a replay. */
  static final long BEHIND = -2;

  /** What {@link #accept} says of a number the sender cannot have reached: nothing moved. */
  static final long IMPLAUSIBLE = -3;

  /** Messages a millisecond that no sender exceeds on one subject: ten million a second. */
  static final long MAX_RATE_PER_MILLI = 10_000;

  /** Room for the coarse clock, whose readings are this process's own. */
  static final long SLACK_MILLIS = 1_000;

  /** Room for a sender's clock, by which its incarnation's start is told, running ahead. */
  static final long SKEW_MILLIS = 60_000;

  /** The subject as published, the sender's origin in it. */
  final String subject;

  private final CoarseClock clock;

  /** The incarnation heard last, and the one before; null until a number arrived. */
  private volatile Run current;

  private Run previous;
  private volatile boolean forgotten;

  /** Heard from since {@link Numberings} last put it at the recent end of its order. */
  private volatile boolean heard;

  Numbering(String subject, CoarseClock clock) {
    this.subject = subject;
    this.clock = clock;
  }

  /** One incarnation's numbers. */
  private static final class Run {
    final long incarnation;
    final AtomicLong last;

    /** When the last number moved (the coarse clock); a hint, so not volatile. */
    long movedAt;

    Run(long incarnation, long last, long movedAt) {
      this.incarnation = incarnation;
      this.last = new AtomicLong(last);
      this.movedAt = movedAt;
    }
  }

  /**
   * Notes that message {@code number} (at least 1) of {@code incarnation} arrived, or, for an
   * announcement, that the sender had sent {@code number} messages.
   *
   * @return how many messages before it never arrived (for an announcement: up to and including
   *     {@code number}); 0 when none, or when it is the first heard from a process that may have
   *     sent earlier ones before this one listened; else {@link #DUPLICATE}, {@link #BEHIND} or
   *     {@link #IMPLAUSIBLE}
   */
  long accept(long incarnation, long number, boolean announcement) {
    Run run = current;
    if (run == null || run.incarnation != incarnation) {
      return acceptOther(incarnation, number, announcement);
    }
    AtomicLong last = run.last;
    while (true) {
      long before = last.get();
      if (number <= before) {
        return announcement || number == before ? DUPLICATE : BEHIND;
      }
      long missing = announcement ? number - before : number - before - 1;
      if (missing > 0 && !plausible(missing, run.movedAt)) {
        return IMPLAUSIBLE;
      }
      if (last.compareAndSet(before, number)) {
        run.movedAt = clock.millis;
        return missing;
      }
    }
  }

  /** An incarnation other than the current one: the one before, or a new one. */
  private synchronized long acceptOther(long incarnation, long number, boolean announcement) {
    Run run = current;
    if (run != null && run.incarnation == incarnation) {
      return accept(incarnation, number, announcement); // another thread made it current
    }
    if (previous != null && previous.incarnation == incarnation) {
      Run back = previous;
      previous = run;
      current = back;
      return accept(incarnation, number, announcement);
    }
    long before = announcement ? number : number - 1; // what it sent before this one
    if (!plausible(before, Prelude.startedAt(incarnation) - SKEW_MILLIS)) {
      return IMPLAUSIBLE;
    }
    // a later run of the process heard here before: it started after this numbering heard the
    // earlier run, so while this process listened, and what it sent before this one was lost.
    // A first run heard, or an earlier one, may have sent those before this process listened.
    boolean restart =
        run != null && Prelude.startedAt(incarnation) > Prelude.startedAt(run.incarnation);
    previous = run;
    current = new Run(incarnation, number, clock.millis);
    return restart ? before : 0;
  }

  /** Whether a sender can have sent {@code count} messages since {@code sinceMillis}. */
  private static boolean plausible(long count, long sinceMillis) {
    long elapsed = Math.max(0, System.currentTimeMillis() - sinceMillis) + SLACK_MILLIS;
    return count <= MAX_RATE_PER_MILLI * elapsed;
  }

  /** Notes that a message arrived without asking {@link Numberings}. */
  Numbering heard() {
    if (!heard) {
      heard = true; // written once per turn, not per message: a volatile write costs a fence
    }
    return this;
  }

  /** Whether it was heard from since the last call, which forgets that it was. */
  boolean takeHeard() {
    boolean was = heard;
    heard = false;
    return was;
  }

  void forget() {
    forgotten = true;
  }

  boolean isForgotten() {
    return forgotten;
  }
}
