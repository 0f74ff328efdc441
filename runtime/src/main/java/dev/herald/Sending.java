package dev.herald;

import java.util.List;

/**
 * One message on its way with a header or a sender: what every handler it reaches is
 * checked against, and where replies are collected. Made per send; a plain post needs none.
 */
final class Sending {
  final Object message;
  final Header header;
  final Address from;
  final Envelope envelope;
  /** For BROADCAST_NOT_ME: the sender's address, whose handlers are skipped. */
  final Address excluded;
  /** For the observers' pass of an addressed send: the registrations already served. */
  Address alreadyServed;
  final Class<?> replyType;
  final List<Object> replies;

  Sending(
      Object message,
      Header header,
      Address from,
      Envelope envelope,
      Address excluded,
      Class<?> replyType,
      List<Object> replies) {
    this.message = message;
    this.header = header;
    this.from = from;
    this.envelope = envelope;
    this.excluded = excluded;
    this.replyType = replyType;
    this.replies = replies;
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
