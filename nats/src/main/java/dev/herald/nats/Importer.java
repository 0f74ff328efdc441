package dev.herald.nats;

import dev.herald.wire.WireFormatException;
import io.nats.client.Message;
import io.nats.client.MessageHandler;

/**
 * Posts what arrives on an imported subject on the local bus, from the address of the process
 * that sent it; answers requests with the local handlers' replies; reports what it cannot read
 * and what went missing, and goes on.
 */
final class Importer implements MessageHandler {
  private final NatsBridge bridge;
  /** The type the subject was imported for, or {@code null} for any wire type. */
  private final Class<?> expected;
  /** From a JetStream consumer: acknowledged once handled, never a request. */
  private final boolean durable;

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
    OriginHeader header;
    try {
      header = OriginHeader.read(incoming);
    } catch (IllegalArgumentException badHeader) {
      bridge.report(new MalformedPayloadException(badHeader.getMessage(), subject, OriginHeader.UNKNOWN, null));
      return;
    }
    if (header.origin.equals(bridge.origin) && !bridge.echo) {
      return; // our own export, from a connection that echoes
    }
    Object message;
    try {
      message = bridge.codecs.fromBytes(incoming.getData());
    } catch (WireFormatException unreadable) {
      bridge.report(new MalformedPayloadException(unreadable.getMessage(), subject, header.origin, unreadable));
      return;
    }
    if (expected != null && !expected.isInstance(message)) {
      bridge.report(new MalformedPayloadException("it holds a " + message.getClass().getName()
          + ", not a " + expected.getName() + " as imported from this subject", subject, header.origin, null));
      return;
    }
    RemoteProcess sender = bridge.remotes.of(header.origin);
    if (header.sequence > 0) {
      long missing = sender.accept(subject, header.sequence);
      if (missing == RemoteProcess.DUPLICATE) {
        return; // a JetStream redelivery of what was handled already
      }
      if (missing > 0) {
        bridge.lost(header.origin, subject, missing);
      }
    }
    if (!durable && header.isRequest(incoming)) {
      bridge.answer(sender, message, incoming.getReplyTo());
    } else {
      sender.endpoint.deliver(message);
    }
  }
}
