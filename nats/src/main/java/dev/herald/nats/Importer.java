package dev.herald.nats;

import dev.herald.wire.WireFormatException;
import io.nats.client.Message;
import io.nats.client.MessageHandler;
import io.nats.client.impl.NatsJetStreamMetaData;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Posts what arrives on an imported subject on the local bus, from the address of the process that
 * sent it; answers requests with the local handlers' replies; reports what it cannot read and what
 * went missing, and goes on.
 *
 * <p>The sender is the subject's second token ({@link Subjects}): what the server routed, and what
 * its permissions can vouch for, never a claim in the payload. An origin that breaks the builder's
 * rule for names is refused.
 *
 * <p>A stream of messages nearly always comes from the process the one before came from, on the
 * same subject: the importer keeps both, so that such a message takes no lock, no lookup and no
 * string of the sender's name.
 *
 * <p>Nothing thrown on the client's thread escapes to the client, which would only hand it to a
 * listener that cannot tell anyone: whatever decoding or delivering a message throws is reported
 * ({@link ImportFailedException}) and the next message is imported as usual. A durable message is
 * settled with JetStream once handled: acknowledged when its handlers returned (or when it is a
 * redelivery of one that was), terminated when it cannot be read, handed back for redelivery after
 * a delay when a handler failed, and terminated and reported after the bridge's last attempt.
 */
final class Importer implements MessageHandler {
  /** What {@link #handle} made of a message: delivered, or nothing to deliver (acknowledged). */
  private static final int DONE = 0;

  /** It cannot be read, and would not be the next time (terminated). */
  private static final int UNREADABLE = 1;

  /** A handler failed, or delivering it threw (delivered again, or given up). */
  private static final int FAILED = 2;

  /** What {@link #numberOfUnreadable} found: a number not seen before, none, or one seen. */
  private static final int NEW = 0;

  private static final int UNNUMBERED = 1;
  private static final int SEEN = 2;

  private final BridgeCore bridge;

  /** The type the subject was imported for, or {@code null} for any wire type. */
  private final Class<?> expected;

  /** From a JetStream consumer: settled once handled, never a request. */
  private final boolean durable;

  /**
   * The process the last message came from, and the numbering of the last subject. Read and written
   * by the client's thread that calls this importer, as is every field below; the objects are safe
   * to share whatever thread sees them. One thread: jnats gives each dispatcher one (the core
   * imports share one, each durable import has its own), and the builder refuses a connection whose
   * dispatchers hand messages to an executor.
   */
  private RemoteProcess lastSender;

  private Numbering lastNumbering;

  /** Once true, the bridge is started: until then imports wait (see {@link #onMessage}). */
  private boolean started;

  /** Whether the numbering took the number of the message being handled. */
  private boolean numbered;

  /** Of a durable message whose delivery failed: why, from whom, and whether the bus said so. */
  private Throwable failure;

  private String failedOrigin;
  private boolean failureReported;

  /**
   * The stream positions of durable messages handed back for redelivery after their numbers were
   * taken: when they come again, the numbering sees numbers it had, which are not duplicates.
   * Touched only when a delivery failed and on a number seen before.
   */
  private final Set<Long> handedBack;

  /**
   * Messages this importer posted on the bus. Written by the importer's one thread alone, with a
   * release store (no fence on the posting path), and read by {@link BridgeCore#counters()}.
   */
  private final AtomicLong delivered = new AtomicLong();

  Importer(BridgeCore bridge, Class<?> expected, boolean durable) {
    this.bridge = bridge;
    this.expected = expected;
    this.durable = durable;
    this.handedBack = durable ? ConcurrentHashMap.newKeySet() : null;
  }

  @Override
  public void onMessage(Message message) {
    try {
      importOne(message);
    } finally {
      // a handler that caught an InterruptedException and kept the status, as it should, would
      // end the client's dispatcher: it stops when it finds its thread interrupted, and every
      // import on it with it, in silence. The client stops it by its own flag, not by this one.
      Thread.interrupted();
    }
  }

  private void importOne(Message message) {
    if (!started) {
      // the client delivers as soon as it subscribed, before the program has the bridge: a
      // handler that asks the bridge would find nothing there
      if (!bridge.awaitStart()) {
        return; // it did not start, or closed: nothing is posted (JetStream redelivers)
      }
      started = true;
    }
    int outcome;
    try {
      outcome = handle(message);
    } catch (Throwable unreported) { // a report threw: the error handler, or memory ran out again
      bridge.couldNotReport(unreported, message.getSubject());
      outcome = durable ? failed(unreported, Subjects.originIn(message.getSubject()), false) : DONE;
    }
    if (durable) {
      try {
        settle(message, outcome);
      } catch (Throwable unreported) { // the last attempt's report threw
        bridge.couldNotReport(unreported, message.getSubject());
      }
    }
  }

  private int handle(Message incoming) {
    String subject = incoming.getSubject();
    numbered = false;
    if (subject.length() > Subjects.SUBJECT_MAX_LENGTH) {
      // no bridge publishes on it, and the numbering of such subjects would hold their length
      malformed(
          "its subject is "
              + subject.length()
              + " bytes long; a bridge publishes on subjects of at most "
              + Subjects.SUBJECT_MAX_LENGTH,
          subject,
          null,
          null);
      return UNREADABLE;
    }
    RemoteProcess sender = lastSender;
    if (sender != null && sender.isOriginOf(subject) && !sender.isForgotten()) {
      sender.heard();
    } else {
      String origin = Subjects.originIn(subject);
      if (!Subjects.isOrigin(origin)) {
        malformed(
            "its subject names no valid origin as its second token (a name of at most "
                + Subjects.ORIGIN_MAX_LENGTH
                + " printable ASCII characters without dots or wildcards)",
            subject,
            null,
            null);
        return UNREADABLE;
      }
      if (!bridge.echo && origin.equals(bridge.origin)) {
        if (durable || !bridge.connection.getOptions().isNoEcho()) {
          return DONE; // our own export, from a stream or a connection that echoes
        }
        // the server echoes nothing of this connection's: another process took this origin
        malformed(
            "it carries this process's own origin, and the server sends no process its own"
                + " messages: another process publishes under it",
            subject,
            null,
            null);
        return UNREADABLE;
      }
      sender = bridge.remotes.of(origin);
      lastSender = sender;
    }
    Prelude received;
    try {
      received = Prelude.read(bridge.codecs, incoming.getData());
    } catch (WireFormatException unreadable) {
      // its number first: it arrived, so it is no gap before the sender's next message
      int number = numberOfUnreadable(incoming, subject, sender);
      malformed(unreadable.getMessage(), subject, sender, unreadable);
      if (number == NEW) {
        bridge.unreadable(); // sent, counted by its sender, and no handler will see it
      }
      return UNREADABLE;
    } catch (Throwable undecodable) {
      // not the codecs' verdict on the bytes but an Error (memory for a length nothing
      // bounded, stack for a nesting) or a codec's bug: the bytes would do it again
      return undecodable(incoming, subject, sender, undecodable);
    }
    if (received.sequence > 0 && !counted(received, incoming, subject, sender)) {
      return DONE;
    }
    Object message = received.message;
    if (message == null) {
      return DONE; // an announcement: counted, and nothing to deliver
    }
    if (expected != null && !expected.isInstance(message)) {
      malformed(
          "it holds a "
              + message.getClass().getName()
              + ", not a "
              + expected.getName()
              + " as imported from this subject",
          subject,
          sender,
          null);
      return UNREADABLE;
    }
    ImportingThreads.Mark importing = bridge.importing.mark();
    Object outer = importing.swap(message);
    try {
      delivered(); // before the handlers run: what they do shows the count moved
      if (durable) {
        Throwable handlerFailure = sender.endpoint.receiveWatched(message);
        return handlerFailure == null ? DONE : failed(handlerFailure, sender.origin, true);
      }
      if (received.sequence == 0 && incoming.getReplyTo() != null) {
        bridge.answer(sender, message, incoming.getReplyTo());
      } else {
        sender.endpoint.receive(message);
      }
      return DONE;
    } catch (Throwable escaped) {
      // what the bus lets through: a handler's VirtualMachineError, a chain of posts too deep
      // for the stack, what the error handler itself threw
      if (durable) {
        return failed(escaped, sender.origin, false);
      }
      bridge.importFailed(
          new ImportFailedException(
              "delivering it threw "
                  + escaped
                  + ", which the bus lets through, so its handlers may not all have run",
              Subjects.withoutOrigin(subject),
              sender.origin,
              false,
              escaped));
      return DONE;
    } finally {
      importing.swap(outer);
    }
  }

  /**
   * Counts the message against its sender's numbering on the subject: reports a gap, and says
   * whether the message is new. A redelivery is dropped quietly, unless it is a durable message
   * this importer handed back; a number behind the last on core NATS, or one the sender cannot have
   * reached, is reported.
   */
  private boolean counted(
      Prelude received, Message incoming, String subject, RemoteProcess sender) {
    boolean announcement = received.message == null;
    if (durable && announcement) {
      return true; // JetStream's publisher is acknowledged: it never announces
    }
    long missing =
        numberingOf(subject).accept(received.incarnation, received.sequence, announcement);
    if (missing > 0) {
      numbered =
          true; // taken: a durable message handed back after this must pass when it comes again
      gap(sender, subject, missing);
    } else if (missing == Numbering.IMPLAUSIBLE) {
      malformed(
          "its number "
              + received.sequence
              + " is beyond what its sender can have sent; nothing"
              + " was counted. Is another process publishing under this origin?",
          subject,
          sender,
          null);
      return false;
    } else if (missing == Numbering.BEHIND && !durable) {
      malformed(
          "its number "
              + received.sequence
              + " is below that of a message from the same sender"
              + " that came before it: a replay, or another process publishing under this origin",
          subject,
          sender,
          null);
      return false;
    } else if (missing < 0) {
      // a JetStream redelivery, or a copy for an overlapping import; but what this importer
      // handed back after a failed delivery is delivered again
      return isHandedBack(incoming);
    }
    numbered = true;
    return true;
  }

  /** Notes why a durable message's delivery failed, for {@link #settle}. */
  private int failed(Throwable why, String origin, boolean reportedByTheBus) {
    failure = why;
    failedOrigin = origin;
    failureReported = reportedByTheBus;
    return FAILED;
  }

  /** Whether a durable message whose number was seen is one handed back for redelivery. */
  private boolean isHandedBack(Message incoming) {
    if (durable
        && !handedBack.isEmpty()
        && handedBack.remove(incoming.metaData().streamSequence())) {
      numbered = true;
      return true;
    }
    return false;
  }

  /** Tells JetStream what became of a durable message. */
  private void settle(Message incoming, int outcome) {
    if (outcome == FAILED) {
      retryOrGiveUp(incoming);
      return;
    }
    try {
      if (outcome == DONE) {
        incoming.ack();
      } else {
        incoming.term();
      }
    } catch (IllegalStateException closing) {
      // the connection is closing or lost: JetStream delivers again what it was not told of,
      // and the numbering drops what was delivered already
    }
  }

  private void retryOrGiveUp(Message incoming) {
    Throwable why = failure;
    failure = null;
    NatsJetStreamMetaData delivery = incoming.metaData();
    long attempt = delivery.deliveredCount();
    int attempts = bridge.deliveryAttempts;
    boolean again = attempt < attempts;
    try {
      if (again) {
        if (numbered) {
          handedBack.add(delivery.streamSequence());
        }
        incoming.nakWithDelay(bridge.redeliveryDelay);
      } else {
        incoming.term();
      }
    } catch (IllegalStateException closing) {
      // as in settle: told nothing, JetStream delivers it again once its wait for an answer ends
    }
    if (again && failureReported) {
      return; // the bus gave the handler's exception to the error handler: the next attempt may do
    }
    String what =
        (failureReported ? "a handler threw " : "delivering it threw ")
            + why
            + (again
                ? "; JetStream delivers it again in "
                    + bridge.redeliveryDelay.toMillis()
                    + " ms (attempt "
                    + attempt
                    + " of "
                    + attempts
                    + ")"
                : " on the last of "
                    + attempts
                    + " attempts; it is terminated, and will not be delivered again");
    bridge.importFailed(
        new ImportFailedException(
            what, Subjects.withoutOrigin(incoming.getSubject()), failedOrigin, again, why));
  }

  /**
   * Reports a message whose frame could not be decoded, every time (a copy of it, for an
   * overlapping import, throws the error again), but counts it in the losses once.
   */
  private int undecodable(Message incoming, String subject, RemoteProcess sender, Throwable why) {
    boolean counts = numberOfUnreadable(incoming, subject, sender) != SEEN;
    bridge.importFailed(
        new ImportFailedException(
            "decoding it threw "
                + why
                + "; it was not posted"
                + (durable ? ", and is terminated" : ""),
            Subjects.withoutOrigin(subject),
            sender.origin,
            false,
            why),
        counts);
    return UNREADABLE;
  }

  /**
   * Takes the number the sender gave a message whose frame cannot be read, so that the next message
   * from that sender is not taken for one after a gap, and reports the gap before it.
   *
   * @return {@link #NEW}; {@link #UNNUMBERED} for a payload without a number; {@link #SEEN} for a
   *     copy or redelivery of a message counted before, or a number its sender cannot have reached
   */
  private int numberOfUnreadable(Message incoming, String subject, RemoteProcess sender) {
    Prelude head = Prelude.headOf(incoming.getData());
    if (head == null || head.sequence == 0) {
      return UNNUMBERED;
    }
    long missing = numberingOf(subject).accept(head.incarnation, head.sequence, false);
    if (missing > 0) {
      gap(sender, subject, missing);
    }
    return missing >= 0 ? NEW : SEEN;
  }

  /**
   * Reports {@code missing} messages lost before the one being imported. A report that throws (the
   * error handler, or a handler of {@link MessagesLost}) is logged, and the message is imported all
   * the same: its number is taken, so nothing would deliver it later.
   */
  private void gap(RemoteProcess sender, String subject, long missing) {
    try {
      bridge.lost(sender.origin, Subjects.withoutOrigin(subject), missing);
    } catch (Throwable unreported) {
      bridge.couldNotReport(unreported, subject);
    }
  }

  private Numbering numberingOf(String subject) {
    Numbering numbering = lastNumbering;
    if (numbering != null && !numbering.isForgotten() && numbering.subject.equals(subject)) {
      return numbering.heard();
    }
    numbering = bridge.numberings.of(subject);
    lastNumbering = numbering;
    return numbering;
  }

  /** Counts a message handed to the bus. */
  private void delivered() {
    delivered.setRelease(delivered.getPlain() + 1);
  }

  /** How many messages this importer posted on the bus. Any thread. */
  long deliveredCount() {
    return delivered.getAcquire();
  }

  private void malformed(String what, String subject, RemoteProcess sender, Throwable cause) {
    if (sender == null) {
      bridge.malformed(
          new MalformedPayloadException(what, Subjects.shown(subject), Prelude.UNKNOWN, cause));
    } else {
      bridge.malformed(
          new MalformedPayloadException(
              what, Subjects.withoutOrigin(subject), sender.origin, cause));
    }
  }
}
