package dev.herald.nats;

/**
 * One subject that a bridge exports to: its messages are numbered from 1, in the order they are
 * handed to NATS, so that receivers notice gaps. A message that could not be handed over does
 * not take a number.
 */
final class Channel {
  final String subject;
  /** Through JetStream, with the server's acknowledgement, rather than core NATS. */
  final boolean durable;
  private long sent;

  Channel(String subject, boolean durable) {
    this.subject = subject;
    this.durable = durable;
  }

  /** The number the next message will take. Call under the channel's lock. */
  long next() {
    return sent + 1;
  }

  /** The next message was handed over. Call under the channel's lock. */
  void advance() {
    sent++;
  }
}
