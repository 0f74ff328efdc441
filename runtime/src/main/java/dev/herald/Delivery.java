package dev.herald;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a message reaches its handlers. {@link #broadcast} is the fast path, a plain post: the
 * handlers of the message's class, each called directly. {@link #deliver} is everything
 * else: it resolves the destination, then walks the handlers there, checking each against
 * how the message was sent. Both take no lock and, once a message class has been seen,
 * allocate nothing but what a handler asks for (an envelope, a reply list).
 */
final class Delivery {
  private final Registry registry;
  private final FrameScheduler scheduler;
  private final AsyncCalls async;
  private final Failures failures;
  private final Ticker ticker;
  private volatile boolean accepting = true;
  /**
   * The handlers of the last plain post: a program posting one class in a loop skips the
   * index. Racy but safe: the field only ever holds a complete, unchanging-class object.
   */
  private HandlersForClass lastPosted;
  /** Looked up once: every message nobody receives asks whether anyone listens for it. */
  private final HandlersForClass deadMessages;

  Delivery(Registry registry, FrameScheduler scheduler, AsyncCalls async, Failures failures, Ticker ticker) {
    this.registry = registry;
    this.scheduler = scheduler;
    this.async = async;
    this.failures = failures;
    this.ticker = ticker;
    this.deadMessages = registry.everyone().handlersFor(DeadMessage.class);
    this.lastPosted = deadMessages;
  }

  /** A plain post, as {@link MessageBus#post(Object)} describes it. */
  int post(Object message) {
    if (message == null) {
      throw new NullPointerException("Cannot post null: a message must be an object");
    }
    if (!accepting) {
      throw closedError(message);
    }
    return broadcast(message);
  }

  /**
   * The plain post once accepted (the bus's own {@link DeadMessage} posts start here too):
   * when every handler of the class takes the message as it is, call each directly.
   */
  private int broadcast(Object message) {
    Class<?> messageClass = message.getClass();
    HandlersForClass handlers = lastPosted;
    if (handlers.messageClass != messageClass) {
      handlers = registry.everyone().handlersFor(messageClass);
      lastPosted = handlers;
    }
    if (!handlers.allDirect()) {
      return deliver(null, message, Header.BROADCAST, ticker.nanoTime(), scheduler.frame(), true, null, null);
    }
    HandlerList.Node[] nodes = handlers.list.nodes();
    int ran = 0;
    int received = 0;
    for (HandlerList.Node node : nodes) {
      Subscriber subscriber = (Subscriber) node;
      if (subscriber.isRetired()) {
        continue; // closed by a handler during this post, on this thread
      }
      Object listener = subscriber.listener();
      if (listener == null) {
        registry.purgeCollected();
        continue;
      }
      failures.deliver(subscriber, listener, message);
      ran++;
      received += subscriber.visible;
    }
    if (handlers.list.nodes() != nodes) {
      // handlers were registered during this post: rare, and they may need more than a call
      Sending added = plainSending(message);
      deliverTo(handlers.list, HandlerList.highestStamp(nodes), added);
      ran += added.ran;
      received += added.received;
    }
    if (received == 0) {
      postDead(message, null);
    }
    return ran;
  }

  /**
   * A send with a header or a sender: at once if the header says so, else queued for its
   * stage run. {@code replies}, if not null, collects the replies of type {@code replyType}.
   */
  int send(Address from, Object message, Header header, Class<?> replyType, List<Object> replies) {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(header, "header");
    if (!accepting) {
      throw closedError(message);
    }
    Address to = header.to();
    if (to.kind == Address.Kind.SELF && from == null) {
      throw new IllegalArgumentException(
          "Address.SELF is the sender's own address, and an anonymous post has none:"
              + " send through the Registration instead (registration.send(Address.SELF, message))");
    }
    if (to.kind == Address.Kind.ENTITY) {
      registry.requireOwnAddress(to, "send to");
    }
    if (to.kind == Address.Kind.REMOTE) {
      return RemoteSending.send(registry, from, message, header, replies);
    }
    long now = ticker.nanoTime();
    if (header.isImmediate()) {
      return deliver(from, message, header, now, scheduler.frame(), false, replyType, replies);
    }
    if (replies != null) {
      throw new IllegalArgumentException(
          "request() returns the replies, so it cannot wait for a stage or a delay: " + header
              + ". Send the message with send() or post(), and reply with another message");
    }
    if (!scheduler.queue(message, header, from, now)) {
      throw closedError(message); // closed between the check above and now
    }
    return 0;
  }

  @SuppressWarnings("unchecked")
  <R> List<R> request(Address from, Object message, Header header, Class<R> replyType) {
    Objects.requireNonNull(replyType, "replyType");
    List<Object> replies = new ArrayList<>();
    send(from, message, header, replyType, replies);
    return (List<R>) replies;
  }

  /** Delivers a message that waited for its stage run, as it was sent. */
  int deliver(Pending pending) {
    return deliver(
        pending.from, pending.message, pending.header, pending.sentNanos, pending.sentFrame, false, null, null);
  }

  /**
   * The one delivery of a message sent in any way: resolve the destination, call the
   * handlers there that the message is for (then, for an addressed message, those observing
   * all traffic), and if no visible handler received it, post it as a {@link DeadMessage}.
   *
   * @return how many handlers ran
   */
  private int deliver(
      Address from,
      Object message,
      Header header,
      long sentNanos,
      long sentFrame,
      boolean plainPost,
      Class<?> replyType,
      List<Object> replies) {
    Address to = header.to();
    Address target = null;
    Address excluded = null;
    switch (to.kind) {
      case BROADCAST:
        break;
      case BROADCAST_NOT_ME:
        excluded = from;
        break;
      case SELF:
        target = from;
        break;
      case NAMED:
        target = registry.boundTo(to.name());
        break;
      default:
        target = to;
    }
    Sending sending =
        new Sending(message, header, from, target != null ? target : to, sentNanos, sentFrame,
            plainPost, excluded, replyType, replies);
    Class<?> messageClass = message.getClass();
    if (to.kind == Address.Kind.BROADCAST || to.kind == Address.Kind.BROADCAST_NOT_ME) {
      deliverTo(registry.everyone().handlersFor(messageClass).list, Long.MIN_VALUE, sending);
    } else if (target != null) {
      TypeIndex atTarget = registry.indexAt(target);
      if (atTarget != null) { // null once retired: it reaches nobody
        deliverTo(atTarget.handlersFor(messageClass).list, Long.MIN_VALUE, sending);
        sending.alreadyServed = target;
        deliverTo(registry.observersOfAll().handlersFor(messageClass).list, Long.MIN_VALUE, sending);
      }
    }
    if (sending.received == 0 && !(message instanceof DeadMessage)) {
      postDead(message, plainPost ? null : sending.envelope());
      if (header.requireReceiver()) {
        failures.undelivered(message, header);
      }
    }
    return sending.ran;
  }

  /**
   * Calls each handler of {@code list} stamped after {@code visitedUpTo} that {@code sending}
   * is for, in list order; then, if the list changed meanwhile, the handlers added since.
   */
  private void deliverTo(HandlerList<Subscriber> list, long visitedUpTo, Sending sending) {
    HandlerList.Node[] nodes = list.nodes();
    while (true) {
      for (HandlerList.Node node : nodes) {
        Subscriber subscriber = (Subscriber) node;
        if (subscriber.stamp > visitedUpTo && !subscriber.isRetired() && subscriber.accepts(sending)) {
          call(subscriber, sending);
        }
      }
      HandlerList.Node[] now = list.nodes();
      if (now == nodes) {
        return;
      }
      visitedUpTo = Math.max(visitedUpTo, HandlerList.highestStamp(nodes));
      nodes = now;
    }
  }

  /** Calls one handler the way it was registered to be called. */
  private void call(Subscriber subscriber, Sending sending) {
    Object listener = subscriber.listener();
    if (listener == null) {
      registry.purgeCollected();
      return;
    }
    Envelope envelope = subscriber.takesEnvelope ? sending.envelope() : null;
    if (subscriber.async) {
      async.submit(subscriber, listener, sending.message, envelope);
    } else if (subscriber.takesEnvelope || sending.replies != null) {
      sending.collect(failures.invoke(subscriber, listener, sending.message, envelope));
    } else {
      failures.deliver(subscriber, listener, sending.message);
    }
    sending.ran++;
    sending.received += subscriber.visible;
  }

  private Sending plainSending(Object message) {
    return new Sending(message, Header.BROADCAST, null, Address.BROADCAST, ticker.nanoTime(),
        scheduler.frame(), true, null, null, null);
  }

  private void postDead(Object message, Envelope envelope) {
    if (message instanceof DeadMessage || deadMessages.list.isEmpty()) {
      return;
    }
    broadcast(new DeadMessage(message, envelope));
  }

  /** From now on, posting and sending throw; what is under way finishes. */
  void stopAccepting() {
    accepting = false;
  }

  boolean isAccepting() {
    return accepting;
  }

  private static BusClosedException closedError(Object message) {
    return new BusClosedException("Cannot send " + message + ": the bus is closed");
  }
}
