package dev.herald;

import dev.herald.time.Ticker;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One delivery in progress: a message on its way through {@link Router#deliver}: how it was sent,
 * what every handler it reaches is checked against, where replies are collected, and how many
 * handlers ran. The plain-post fast path needs none.
 *
 * <p>Each thread reuses its own, one per level of nested sends ({@link #begin} and {@link #end}),
 * so that sending allocates nothing but what a handler asks for (an envelope, a reply list): escape
 * analysis cannot be relied on to remove an object that crosses as many calls as a delivery does.
 * Nothing it refers to outlives the send: {@link #end} forgets the message, the addresses and the
 * replies, so a reused one keeps no listener's class alive.
 */
final class Delivery {
  private static final ThreadLocal<Levels> LEVELS = new ThreadLocal<Levels>();

  Object message;
  Header header;
  Address from;

  /** The destination as the envelope gives it: the resolved address, or a broadcast. */
  Address to;

  long sentNanos;

  /**
   * Set while the send time is still to be read from this clock: reading it costs more than the
   * rest of a short send on some machines, and only an envelope shows it.
   */
  private Ticker unreadClock;

  long sentFrame;

  /** A plain post: a {@link DeadMessage} made of it carries no envelope. */
  boolean plainPost;

  /** For BROADCAST_NOT_ME: the sender's address, whose handlers are skipped. */
  Address excluded;

  /** For the observers' pass of an addressed send: the registrations already served. */
  Address alreadyServed;

  /** For a request: the type of the replies collected, else null. */
  Class<?> replyType;

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

  /** The thread's deliveries this one belongs to, and its level among them. */
  private final Levels levels;

  private final int level;

  private Delivery(Levels levels, int level) {
    this.levels = levels;
    this.level = level;
  }

  /**
   * This thread's delivery for one more level of nesting, empty; the caller must {@link #end} it,
   * in a {@code finally}, before the level above ends.
   */
  static Delivery begin() {
    Levels levels = LEVELS.get();
    if (levels == null) {
      levels = new Levels();
      LEVELS.set(levels);
    }
    return levels.push();
  }

  /** Gives this delivery back to its thread, forgetting everything it referred to. */
  void end() {
    message = null;
    header = null;
    from = null;
    to = null;
    excluded = null;
    alreadyServed = null;
    replyType = null;
    unreadClock = null;
    replies = null;
    envelope = null;
    laneBatches = null;
    ran = 0;
    received = 0;
    // the level, not a decrement: an end skipped by a StackOverflowError deeper down is
    // made good by the next one up
    levels.depth = level;
  }

  /** Fills in how the message was sent; returns this. */
  Delivery of(
      Object message,
      Header header,
      Address from,
      Address to,
      long sentNanos,
      long sentFrame,
      boolean plainPost,
      Address excluded,
      Class<?> replyType) {
    this.finished = false;
    this.message = message;
    this.header = header;
    this.from = from;
    this.to = to;
    this.sentNanos = sentNanos;
    this.sentFrame = sentFrame;
    this.plainPost = plainPost;
    this.excluded = excluded;
    this.replyType = replyType;
    return this;
  }

  /**
   * For a send delivered at once: its time is read from {@code clock} when first needed (see {@link
   * #sentNanos()}), not now.
   */
  void sentNow(Ticker clock) {
    unreadClock = clock;
  }

  /**
   * When the message was sent. For a send delivered at once, read the first time it is asked for:
   * {@link Router} asks before the first handler runs if any handler it is about to call takes an
   * envelope, so the time is the send's, not that of a later handler.
   */
  long sentNanos() {
    if (unreadClock != null) {
      sentNanos = unreadClock.nanoTime();
      unreadClock = null;
    }
    return sentNanos;
  }

  /** The envelope handlers see, made when the first one asks. */
  Envelope envelope() {
    if (envelope == null) {
      envelope =
          new Envelope(
              message,
              from,
              to,
              header,
              sentNanos(),
              sentFrame,
              replyType,
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
   * Ends the delivery on the sending thread: the envelope can no longer cancel, and each lane gets
   * this message's calls in one piece, so all its handlers see one order.
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

  /** One thread's deliveries, one per level of nested sends. */
  private static final class Levels {
    private Delivery[] deliveries = new Delivery[4];

    /** How many are in use. */
    int depth;

    Delivery push() {
      if (depth == deliveries.length) {
        deliveries = Arrays.copyOf(deliveries, depth * 2);
      }
      Delivery delivery = deliveries[depth];
      if (delivery == null) {
        delivery = deliveries[depth] = new Delivery(this, depth);
      }
      depth++;
      return delivery;
    }
  }
}
