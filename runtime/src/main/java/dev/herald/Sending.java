package dev.herald;

import java.util.ArrayList;
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
  /** For a request: the type of the replies collected, else null. */
  final Class<?> replyType;
  /** The replies so far, made by the first one. */
  List<Object> replies;
  /** Handlers that ran (or, asynchronous, were handed to the executor). */
  int ran;
  /** Of those, the ones that are not hidden: if none, the message is dead. */
  int received;
  private Envelope envelope;
  /** The calls of lane handlers, one batch per lane, handed over when the delivery ends. */
  private List<Lane.Batch> laneBatches;
  private boolean finished;

  Sending(
      Object message,
      Header header,
      Address from,
      Address to,
      long sentNanos,
      long sentFrame,
      boolean plainPost,
      Address excluded,
      Class<?> replyType) {
    this.message = message;
    this.header = header;
    this.from = from;
    this.to = to;
    this.sentNanos = sentNanos;
    this.sentFrame = sentFrame;
    this.plainPost = plainPost;
    this.excluded = excluded;
    this.replyType = replyType;
  }

  /** The envelope handlers see, made when the first one asks. */
  Envelope envelope() {
    if (envelope == null) {
      envelope =
          new Envelope(message, from, to, header, sentNanos, sentFrame, replyType,
              finished ? null : Thread.currentThread());
    }
    return envelope;
  }

  /** Whether a handler cancelled the rest of this delivery through its envelope. */
  boolean isCancelled() {
    return envelope != null && envelope.isCancelled();
  }

  /** Queues a lane handler's call, to be handed to its lane with the others of that lane. */
  void onLane(Subscriber subscriber, Object listener, Envelope envelope) {
    if (laneBatches == null) {
      laneBatches = new ArrayList<>(1);
    }
    Lane.Batch batch = null;
    for (Lane.Batch candidate : laneBatches) {
      if (candidate.lane == subscriber.lane) {
        batch = candidate;
      }
    }
    if (batch == null) {
      batch = new Lane.Batch(subscriber.lane, message);
      laneBatches.add(batch);
    }
    batch.add(subscriber, listener, envelope);
  }

  /**
   * Ends the delivery on the sending thread: the envelope can no longer cancel, and each lane
   * gets this message's calls in one piece, so all its handlers see one order.
   */
  void finish() {
    finished = true;
    if (envelope != null) {
      envelope.deliveryEnded();
    }
    if (laneBatches != null) {
      for (Lane.Batch batch : laneBatches) {
        batch.lane.submit(batch);
      }
    }
  }

  boolean isRequest() {
    return replyType != null;
  }

  /** Keeps {@code reply} if this is a request and it is of the requested type. */
  void collect(Object reply) {
    if (replyType == null) {
      return; // nobody waits for replies
    }
    if (reply instanceof ResponderDispatcher.Replies) {
      for (Object each : ((ResponderDispatcher.Replies) reply).replies) {
        collect(each);
      }
    } else if (reply != null && replyType.isInstance(reply)) {
      if (replies == null) {
        replies = new ArrayList<>();
      }
      replies.add(reply);
    }
  }
}
