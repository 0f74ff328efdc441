package dev.herald;

import java.util.List;

/**
 * One message on its way through {@link Delivery#deliver}: how it was sent, what every
 * handler it reaches is checked against, where replies are collected, and how many handlers
 * ran. Made per delivery; the plain-post fast path needs none.
 */
final class Sending {
  final Object message;
  final Header header;
  final Address from;
  /** The destination as the envelope gives it: the resolved address, or a broadcast. */
  final Address to;
  final long sentNanos;
  final long sentFrame;
  /** A plain post: a {@link DeadMessage} made of it carries no envelope. */
  final boolean plainPost;
  /** For BROADCAST_NOT_ME: the sender's address, whose handlers are skipped. */
  final Address excluded;
  /** For the observers' pass of an addressed send: the registrations already served. */
  Address alreadyServed;
  final Class<?> replyType;
  final List<Object> replies;
  /** Handlers that ran (or, asynchronous, were handed to the executor). */
  int ran;
  /** Of those, the ones that are not hidden: if none, the message is dead. */
  int received;
  private Envelope envelope;

  Sending(
      Object message,
      Header header,
      Address from,
      Address to,
      long sentNanos,
      long sentFrame,
      boolean plainPost,
      Address excluded,
      Class<?> replyType,
      List<Object> replies) {
    this.message = message;
    this.header = header;
    this.from = from;
    this.to = to;
    this.sentNanos = sentNanos;
    this.sentFrame = sentFrame;
    this.plainPost = plainPost;
    this.excluded = excluded;
    this.replyType = replyType;
    this.replies = replies;
  }

  /** The envelope handlers see, made when the first one asks. */
  Envelope envelope() {
    if (envelope == null) {
      envelope = new Envelope(message, from, to, header, sentNanos, sentFrame, replyType);
    }
    return envelope;
  }

  void collect(Object reply) {
    if (reply instanceof ResponderDispatcher.Replies) {
      for (Object each : ((ResponderDispatcher.Replies) reply).replies) {
        collect(each);
      }
    } else if (replies != null && reply != null && replyType.isInstance(reply)) {
      replies.add(reply);
    }
  }
}
