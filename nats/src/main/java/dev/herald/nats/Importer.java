package dev.herald.nats;

import dev.herald.wire.WireFormatException;
import io.nats.client.Message;
import io.nats.client.MessageHandler;

/**
 * Posts what arrives on an imported subject on the local bus, from the address of the process
 * that sent it; answers requests with the local handlers' replies; reports what it cannot read
 * and what went missing, and goes on.
 *
 * <p>The sender is the subject's second token ({@link Subjects}): what the server routed, and
 * what its permissions can vouch for, never a claim in the payload. An origin that breaks the
 * builder's rule for names is refused.
 *
 * <p>A stream of messages nearly always comes from the process the one before came from, on
 * the same subject: the importer keeps both, so that such a message takes no lock, no lookup
 * and no string of the sender's name.
 */
final class Importer implements MessageHandler {
  private final NatsBridge bridge;
  /** The type the subject was imported for, or {@code null} for any wire type. */
  private final Class<?> expected;
  /** From a JetStream consumer: acknowledged once handled, never a request. */
  private final boolean durable;
  /**
   * The process the last message came from, and the numbering of the last subject. Read and
   * written by the client's thread that calls this importer; the objects are safe to share
   * whatever thread sees them.
   */
  private RemoteProcess lastSender;
  private Numbering lastNumbering;

  Importer(NatsBridge bridge, Class<?> expected, boolean durable) {
    this.bridge = bridge;
    this.expected = expected;
    this.durable = durable;
  }

  @Override
  public void onMessage(Message message) {
    try {
      handle(message);
    } finally {
      if (durable) {
        message.ack(); // also what cannot be read: redelivering it would not make it readable
      }
    }
  }

  private void handle(Message incoming) {
    String subject = incoming.getSubject();
    RemoteProcess sender = lastSender;
    if (sender != null && sender.isOriginOf(subject) && !sender.isForgotten()) {
      sender.heard();
    } else {
      sender = senderOf(subject);
      if (sender == null) {
        return; // our own export, or an origin reported as malformed
      }
      lastSender = sender;
    }
    Prelude received;
    try {
      received = Prelude.read(bridge.codecs, incoming.getData());
    } catch (WireFormatException unreadable) {
      malformed(unreadable.getMessage(), subject, sender, unreadable);
      return;
    }
    if (received.sequence > 0 && !counted(received, subject, sender)) {
      return;
    }
    Object message = received.message;
    if (message == null) {
      return; // an announcement: counted, and nothing to deliver
    }
    if (expected != null && !expected.isInstance(message)) {
      malformed("it holds a " + message.getClass().getName() + ", not a " + expected.getName()
          + " as imported from this subject", subject, sender, null);
      return;
    }
    ImportingThreads.Mark importing = bridge.importing.mark();
    Object outer = importing.swap(message);
    try {
      if (!durable && received.sequence == 0 && incoming.getReplyTo() != null) {
        bridge.answer(sender, message, incoming.getReplyTo());
      } else {
        sender.endpoint.deliver(message);
      }
    } finally {
      importing.swap(outer);
    }
  }

  /** The process that published on {@code subject}, or null if it is this one or misnamed. */
  private RemoteProcess senderOf(String subject) {
    String origin = Subjects.originIn(subject);
    if (!Subjects.isOrigin(origin)) {
      malformed("its subject names no valid origin as its second token (a name of at most "
          + Subjects.ORIGIN_MAX_LENGTH + " characters without dots, wildcards or white space)",
          subject, null, null);
      return null;
    }
    if (!bridge.echo && origin.equals(bridge.origin)) {
      return null; // our own export, from a connection that echoes (the last sender never is)
    }
    return bridge.remotes.of(origin);
  }

  /**
   * Counts the message against its sender's numbering on the subject: reports a gap, and says
   * whether the message is new. A redelivery is dropped quietly; a number behind the last on
   * core NATS, or one the sender cannot have reached, is reported.
   */
  private boolean counted(Prelude received, String subject, RemoteProcess sender) {
    boolean announcement = received.message == null;
    if (durable && announcement) {
      return true; // JetStream's publisher is acknowledged: it never announces
    }
    long missing = numberingOf(subject).accept(received.incarnation, received.sequence, announcement);
    if (missing > 0) {
      bridge.lost(sender.origin, Subjects.withoutOrigin(subject), missing);
    } else if (missing == Numbering.IMPLAUSIBLE) {
      malformed("its number " + received.sequence + " is beyond what its sender can have sent; nothing"
          + " was counted. Is another process publishing under this origin?", subject, sender, null);
      return false;
    } else if (missing == Numbering.BEHIND && !durable) {
      malformed("its number " + received.sequence + " is below that of a message from the same sender"
          + " that came before it: a replay, or another process publishing under this origin",
          subject, sender, null);
      return false;
    } else if (missing < 0) {
      return false; // a JetStream redelivery, or a copy for an overlapping import
    }
    return true;
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

  private void malformed(String what, String subject, RemoteProcess sender, Throwable cause) {
    if (sender == null) {
      bridge.report(new MalformedPayloadException(what, Subjects.shown(subject), Prelude.UNKNOWN, cause));
    } else {
      bridge.report(new MalformedPayloadException(what, Subjects.withoutOrigin(subject), sender.origin, cause));
    }
  }
}
