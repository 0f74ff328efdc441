package dev.herald;

import dev.herald.time.Ticker;
import java.util.List;
import java.util.Objects;

/**
 * The bus's router: how a message sent in any way but a plain post reaches its handlers, and the
 * checks and queues on the way: {@link #deliver} resolves the destination, then walks the handlers
 * there, calling each one the message is for as it was registered to be called. A plain post is
 * {@link PlainPosts}'s, which hands over here when a handler of its class needs more than a call.
 * Takes no lock and allocates nothing but what a handler asks for (an envelope, a reply list): each
 * thread reuses its {@link Delivery}.
 */
final class Router {
  private final Registry registry;
  private final FrameScheduler scheduler;
  private final AsyncCalls async;
  private final Failures failures;
  private final Ticker ticker;
  private volatile boolean accepting = true;

  /** Null on a depth-first bus. */
  private final BreadthFirst breadthFirst;

  private final PlainPosts plainPosts;

  /** Sends with the ticker, nested-post order and post events {@code options} chose. */
  Router(
      Registry registry,
      FrameScheduler scheduler,
      AsyncCalls async,
      Failures failures,
      MessageBus.Builder options) {
    Ticker ticker = options.ticker;
    NestedPosts nestedPosts = options.nestedPosts;
    boolean postEvents = options.postEvents;
    this.registry = registry;
    this.scheduler = scheduler;
    this.async = async;
    this.failures = failures;
    this.ticker = ticker;
    this.breadthFirst = nestedPosts == NestedPosts.BREADTH_FIRST ? new BreadthFirst(this) : null;
    this.plainPosts =
        postEvents // decided once: a bus that does not record its posts never asks per post
            ? RecordedPlainPosts.of(this, registry, failures, breadthFirst)
            : new PlainPosts(this, registry, failures, breadthFirst);
  }

  PlainPosts plainPosts() {
    return plainPosts;
  }

  /**
   * {@code from}'s broadcast of {@code message} (see {@link
   * dev.herald.bridge.RemoteEndpoint#receiveWatched}): the first failure of one of its handlers on
   * this thread, or null.
   */
  Throwable sendFromRemoteWatched(Address from, Object message) {
    Failures.Watch watch = failures.watch(message);
    try {
      plainPosts.sendFromRemote(from, message);
    } finally {
      failures.unwatch(watch);
    }
    return watch.failure;
  }

  /**
   * A send with a header or a sender: at once if the header says so, else queued for its stage run.
   *
   * @return how many handlers ran; 0 for a queued message
   */
  int send(Address from, Object message, Header header) {
    if (header != null && !header.isImmediate() && header.to().kind != Address.Kind.REMOTE) {
      // waits for its stage run: no delivery to begin now
      checkSend(from, message, header);
      queue(from, message, header);
      return 0;
    }
    Delivery delivery = Delivery.begin();
    try {
      return sendNow(delivery, from, message, header, null) ? delivery.ran : 0;
    } finally {
      delivery.end();
    }
  }

  /** A request: the replies of type {@code replyType}, in a new list, or an empty one. */
  @SuppressWarnings("unchecked")
  <R> List<R> request(Address from, Object message, Header header, Class<R> replyType) {
    Objects.requireNonNull(replyType, "replyType");
    Delivery delivery = Delivery.begin();
    try {
      sendNow(delivery, from, message, header, replyType);
      return delivery.replies == null ? List.of() : (List<R>) delivery.replies;
    } finally {
      delivery.end();
    }
  }

  /** Checks a send, then delivers it into {@code delivery}, or queues it and returns false. */
  private boolean sendNow(
      Delivery delivery, Address from, Object message, Header header, Class<?> replyType) {
    checkSend(from, message, header);
    Address to = header.to();
    if (to.kind == Address.Kind.REMOTE) {
      delivery.ran = RemoteSending.send(registry, from, message, header, replyType != null);
      return true;
    }
    if (header.isImmediate()) {
      if (breadthFirst != null && replyType == null) {
        return breadthFirst.send(delivery, from, message, header);
      }
      deliverNow(delivery, from, message, header, replyType);
      return true;
    }
    if (replyType != null) {
      throw new IllegalArgumentException(
          "request() returns the replies, so it cannot wait for a stage or a delay: "
              + header
              + ". Send the message with send() or post(), and reply with another message");
    }
    queue(from, message, header);
    return false;
  }

  /** What every send must be: a message, a header, an open bus, and a destination it may use. */
  private void checkSend(Address from, Object message, Header header) {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(header, "header");
    requireAccepting(message);
    Address to = header.to();
    if (to.kind == Address.Kind.SELF && from == null) {
      throw new IllegalArgumentException(
          "Address.SELF is the sender's own address, and an anonymous post has none:"
              + " send through the Registration instead (registration.send(Address.SELF, message))");
    }
    if (to.kind == Address.Kind.ENTITY) {
      Address.requireOwn(registry, to, "send to");
    }
  }

  /** Queues a checked send for its stage run, sent now. */
  private void queue(Address from, Object message, Header header) {
    if (!scheduler.queue(message, header, from, ticker.nanoTime())) {
      throw closedError(message); // closed between the check and now
    }
  }

  /** Delivers an immediate send into {@code delivery}, as {@link #deliver} describes. */
  void deliverNow(
      Delivery delivery, Address from, Object message, Header header, Class<?> replyType) {
    delivery.sentNow(ticker); // the 0 below: the time is read only if a handler needs it
    deliver(delivery, from, message, header, 0, scheduler.frame(), false, replyType);
  }

  /** Delivers a send that waited behind another delivery on its thread, as sent now. */
  void deliverQueued(Address from, Object message, Header header) {
    Delivery delivery = Delivery.begin();
    try {
      deliver(delivery, from, message, header, ticker.nanoTime(), scheduler.frame(), false, null);
    } finally {
      delivery.end();
    }
  }

  /** A plain post (or a peer's broadcast) to a class whose handlers need more than a call. */
  int broadcastAsSent(Address from, Object message) {
    Delivery delivery = Delivery.begin();
    try {
      return deliver(
          delivery,
          from,
          message,
          Header.BROADCAST,
          ticker.nanoTime(),
          scheduler.frame(),
          from == null,
          null);
    } finally {
      delivery.end();
    }
  }

  /** Delivers a message that waited for its stage run, as it was sent. */
  void deliver(Pending pending) {
    if (pending.header.isPlainBroadcast()) {
      plainPosts.broadcastDue(pending);
    } else {
      deliverQueued(pending);
    }
  }

  /** The delivery of a queued message whose stage run has come, at the time it was sent. */
  Delivery queuedDelivery(Pending pending) {
    return Delivery.begin()
        .of(
            pending.message,
            pending.header,
            pending.from,
            pending.header.to(),
            pending.sentNanos,
            pending.sentFrame,
            false,
            null,
            null);
  }

  /** The envelope a queued message that reached nobody shows in its {@link DeadMessage}. */
  Envelope queuedEnvelope(Pending pending) {
    Delivery delivery = queuedDelivery(pending);
    try {
      delivery.finish();
      return delivery.envelope();
    } finally {
      delivery.end();
    }
  }

  /** {@link #deliver(Pending)}, the full way: every kind of handler, every kind of header. */
  int deliverQueued(Pending pending) {
    Delivery delivery = Delivery.begin();
    try {
      return deliver(
          delivery,
          pending.from,
          pending.message,
          pending.header,
          pending.sentNanos,
          pending.sentFrame,
          false,
          null);
    } finally {
      delivery.end();
    }
  }

  /**
   * The one delivery of a message sent in any way: resolve the destination, call the handlers there
   * that the message is for (then, for an addressed message, those observing all traffic), and if
   * no visible handler received it, post it as a {@link DeadMessage}.
   *
   * @param sentNanos when it was sent; ignored if {@link Delivery#sentNow} was called, so that the
   *     clock is read only if a handler's envelope shows the time
   * @return how many handlers ran; {@code delivery} holds the replies
   */
  private int deliver(
      Delivery delivery,
      Address from,
      Object message,
      Header header,
      long sentNanos,
      long sentFrame,
      boolean plainPost,
      Class<?> replyType) {
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
    delivery.of(
        message,
        header,
        from,
        target != null ? target : to,
        sentNanos,
        sentFrame,
        plainPost,
        excluded,
        replyType);
    Class<?> messageClass = message.getClass();
    HandlersForClass handlers = null;
    HandlersForClass observers = null;
    if (to.kind == Address.Kind.BROADCAST || to.kind == Address.Kind.BROADCAST_NOT_ME) {
      handlers = registry.handlersFor(registry.everyone(), messageClass);
    } else if (target != null) {
      TypeIndex atTarget = registry.indexAt(target);
      if (atTarget != null) { // null once retired: it reaches nobody
        handlers = registry.handlersFor(atTarget, messageClass);
        observers = registry.handlersFor(registry.observersOfAll(), messageClass);
      }
    }
    if ((handlers != null && handlers.takesEnvelopes())
        || (observers != null && observers.takesEnvelopes())) {
      delivery.sentNanos(); // now, before any handler runs: an envelope shows when it was sent
    }
    try {
      if (handlers != null) {
        deliverTo(handlers, Long.MIN_VALUE, delivery);
      }
      if (observers != null) {
        delivery.alreadyServed = target;
        deliverTo(observers, Long.MIN_VALUE, delivery);
      }
    } finally {
      // even when a rethrowing error handler ends the delivery: the lane calls counted as
      // made are handed over, and the envelope stops accepting cancels
      delivery.finish();
    }
    if (delivery.received == 0 && !(message instanceof DeadMessage)) {
      plainPosts.postDead(message, plainPost ? null : delivery.envelope());
      if (header.requireReceiver()) {
        failures.undelivered(
            message, header, registry.nearMisses(messageClass, header, from, target));
      }
    }
    return delivery.ran;
  }

  /**
   * Calls each handler of {@code list} stamped after {@code visitedUpTo} that {@code delivery} is
   * for, in list order; then, if the list changed meanwhile, the handlers added since.
   */
  void deliverTo(HandlersForClass list, long visitedUpTo, Delivery delivery) {
    HandlerList.Node[] nodes = list.nodes();
    while (true) {
      for (HandlerList.Node node : nodes) {
        Subscriber subscriber = (Subscriber) node;
        if (delivery.isCancelled()) {
          return;
        }
        if (subscriber.stamp > visitedUpTo
            && !subscriber.isRetired()
            && subscriber.accepts(delivery)) {
          call(subscriber, delivery);
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
  private void call(Subscriber subscriber, Delivery delivery) {
    Object listener = subscriber.listener();
    if (listener == null) {
      registry.purgeCollected();
      return;
    }
    Envelope envelope = subscriber.takesEnvelope ? delivery.envelope() : null;
    if (subscriber.async) {
      async.submit(subscriber, listener, delivery.message, envelope);
    } else if (subscriber.lane != null) {
      delivery.onLane(subscriber, listener, envelope);
    } else if (subscriber.serialLock != null) {
      synchronized (subscriber.serialLock) {
        callHere(subscriber, listener, delivery, envelope);
      }
    } else {
      callHere(subscriber, listener, delivery, envelope);
    }
    delivery.ran++;
    delivery.received += subscriber.visible;
  }

  /** Calls a handler on this thread, with the envelope and for its reply if it needs them. */
  private void callHere(
      Subscriber subscriber, Object listener, Delivery delivery, Envelope envelope) {
    if (subscriber.takesEnvelope || delivery.isRequest()) {
      delivery.collect(failures.invoke(subscriber, listener, delivery.message, envelope));
    } else {
      failures.call(subscriber, listener, delivery.message);
    }
  }

  /** Delivers a kept sticky message to one handler that just registered, as it was sent. */
  void replay(Subscriber subscriber, Object message, Header header) {
    Delivery delivery = Delivery.begin();
    try {
      delivery.of(
          message,
          header,
          null,
          header.to(),
          ticker.nanoTime(),
          scheduler.frame(),
          false,
          null,
          null);
      try {
        if (!subscriber.isRetired() && subscriber.accepts(delivery)) {
          call(subscriber, delivery);
        }
      } finally {
        delivery.finish();
      }
    } finally {
      delivery.end();
    }
  }

  /**
   * This thread's next delivery, for a broadcast (a plain post's when {@code from} is null); the
   * caller ends it.
   */
  Delivery broadcastDelivery(Address from, Object message) {
    Delivery delivery =
        Delivery.begin()
            .of(
                message,
                Header.BROADCAST,
                from,
                Address.BROADCAST,
                0,
                scheduler.frame(),
                from == null,
                null,
                null);
    delivery.sentNow(ticker); // the time is read only if an envelope shows it
    return delivery;
  }

  /** From now on, posting and sending throw; what is under way finishes. */
  void stopAccepting() {
    plainPosts.stopAccepting();
    accepting = false;
  }

  /**
   * @throws BusClosedException once the bus stopped accepting
   */
  void requireAccepting(Object message) {
    if (!accepting) {
      throw closedError(message);
    }
  }

  boolean isAccepting() {
    return accepting;
  }

  private static BusClosedException closedError(Object message) {
    return new BusClosedException("Cannot send " + message + ": the bus is closed");
  }
}
