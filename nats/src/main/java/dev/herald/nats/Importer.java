package dev.herald.nats;

import dev.herald.wire.WireFormatException;
import io.nats.client.Message;
import io.nats.client.MessageHandler;

/**
 * Posts what arrives on an imported subject on the local bus, from the address of the process
 * that sent it; answers requests with the local handlers' replies; reports what it cannot read
 * and what went missing, and goes on.
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
   * The process the last message came from, and its numbering on the last subject. Read and
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
    Prelude received;
    RemoteProcess last = lastSender;
    boolean sameSender;
    String origin;
    try {
      received = Prelude.read(bridge.codecs, incoming.getData());
      sameSender = last != null && received.isFrom(last.originBytes) && !last.isForgotten();
      origin = sameSender ? last.origin : received.origin();
    } catch (WireFormatException unreadable) {
      bridge.report(new MalformedPayloadException(unreadable.getMessage(), subject, Prelude.UNKNOWN, unreadable));
      return;
    }
    if (!sameSender && !bridge.echo && origin.equals(bridge.origin)) {
      return; // our own export, from a connection that echoes (the last sender never is)
    }
    Object message = received.message;
    if (expected != null && !expected.isInstance(message)) {
      bridge.report(new MalformedPayloadException("it holds a " + message.getClass().getName()
          + ", not a " + expected.getName() + " as imported from this subject", subject, origin, null));
      return;
    }
    RemoteProcess sender = sameSender ? last.heard() : bridge.remotes.of(origin);
    lastSender = sender;
    if (received.sequence > 0) {
      long missing = numberingOf(sender, subject).accept(received.sequence);
      if (missing == Numbering.DUPLICATE) {
        return; // a JetStream redelivery of what was handled already
      }
      if (missing > 0) {
        bridge.lost(origin, subject, missing);
      }
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

  private Numbering numberingOf(RemoteProcess sender, String subject) {
    Numbering numbering = lastNumbering;
    if (numbering == null || numbering.sender != sender || !numbering.subject.equals(subject)) {
      numbering = sender.numberingOn(subject);
      lastNumbering = numbering;
    }
    return numbering;
  }
}
