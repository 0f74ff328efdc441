package dev.herald.nats;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The numberings of what other processes sent, one per subject as published (which names the
 * sender), at most {@link #LIMIT}: the least recently heard are forgotten past it, so that a
 * process sending on ever new subjects under a wildcard import cannot make the importer's memory
 * grow without end.
 *
 * <p>Why forgetting cannot make a later message misread: the next message on a forgotten subject
 * finds no numbering and starts a new one, whose first number is taken as it is, as from a sender
 * heard for the first time. Nothing is counted against a last number that is no longer known, so no
 * loss is reported that did not happen; and nothing is below a last number, so nothing is dropped
 * as a redelivery. What forgetting costs is a gap that spans it: messages lost on a subject that
 * was quiet while {@value #LIMIT} others were heard go uncounted, and a JetStream redelivery of a
 * message from before is delivered again. An importer that holds a forgotten numbering sees it
 * marked and asks for the subject's new one.
 *
 * <p>What it holds is bounded too: a subject is at most as long as the server's control line allows
 * (4 KiB unless configured otherwise), so the table holds at most about 16 MiB of subjects, and far
 * less with subjects of ordinary length.
 */
final class Numberings {
  static final int LIMIT = 4096;

  private final CoarseClock clock;
  private final Map<String, Numbering> bySubject = new LinkedHashMap<>(16, 0.75f, true);

  Numberings(CoarseClock clock) {
    this.clock = clock;
  }

  /** The numbering of {@code subject} (as published), made when first asked. */
  synchronized Numbering of(String subject) {
    Numbering numbering = bySubject.get(subject);
    if (numbering == null) {
      numbering = new Numbering(subject, clock);
      bySubject.put(subject, numbering);
      if (bySubject.size() > LIMIT) {
        forgetLeastRecentlyHeard();
      }
    }
    return numbering;
  }

  synchronized int size() {
    return bySubject.size();
  }

  /**
   * Forgets the numbering heard least recently. The map's order is that of the calls to {@link
   * #of}; an importer that hears again on the subject it heard on last does not call it but marks
   * the numbering {@linkplain Numbering#heard heard}: such a numbering gets its place at the recent
   * end now, and the next in order is looked at.
   */
  private void forgetLeastRecentlyHeard() {
    for (int looked = 0; looked < bySubject.size(); looked++) {
      Map.Entry<String, Numbering> eldest = bySubject.entrySet().iterator().next();
      if (!eldest.getValue().takeHeard()) {
        bySubject.remove(eldest.getKey()).forget();
        return;
      }
      bySubject.get(eldest.getKey()); // access order: to the recent end
    }
    bySubject.remove(bySubject.keySet().iterator().next()).forget(); // all heard: the oldest goes
  }
}
