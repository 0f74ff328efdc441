package dev.herald;

import dev.herald.spi.HandlerCall;
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
  /** Accepting and depth first: what a plain post asks before it goes straight to handlers. */
  private volatile boolean broadcastsAtOnce;
  /**
   * The handlers of the last plain post: a program posting one class in a loop skips the
   * index. Racy but safe: the field only ever holds a complete, unchanging-class object.
   */
  private DirectCalls lastDirect;
  /** Looked up once: every message nobody receives asks whether anyone listens for it. */
  private final HandlersForClass deadMessages;
  /** For {@link NestedPosts#BREADTH_FIRST}: each thread's queue of nested posts; else null. */
  private final ThreadLocal<NestedQueue> nested;

  Delivery(
      Registry registry,
      FrameScheduler scheduler,
      AsyncCalls async,
      Failures failures,
      Ticker ticker,
      NestedPosts nestedPosts) {
    this.nested = nestedPosts == NestedPosts.BREADTH_FIRST ? new NestedQueue.PerThread() : null;
    this.broadcastsAtOnce = nested == null;
    this.registry = registry;
    this.scheduler = scheduler;
    this.async = async;
    this.failures = failures;
    this.ticker = ticker;
    this.deadMessages = registry.handlersFor(registry.everyone(), DeadMessage.class);
    this.lastDirect = DirectCalls.NONE;
  }

  /** A plain post, as {@link MessageBus#post(Object)} describes it. */
  int post(Object message) {
    if (message == null) {
      throw new NullPointerException("Cannot post null: a message must be an object");
    }
    if (!broadcastsAtOnce) { // closed, or breadth first
      if (!accepting) {
        throw closedError(message);
      }
      return postBreadthFirst(message);
    }
    return broadcast(null, message);
  }

  /**
   * A broadcast that a remote peer sent ({@link RemoteEndpoint#deliver}): as {@link #send}
   * with {@link Header#BROADCAST} delivers it, but when every handler of the class takes the
   * message as it is (no envelope, tags or sender filter, which is when the sender makes no
   * difference to them), each is called directly, as for a plain post: a bridge delivers every
   * message from another process this way.
   */
  int sendFromRemote(Address from, Object message) {
    Objects.requireNonNull(message, "message");
    if (!accepting) {
      throw closedError(message);
    }
    if (nested != null) {
      return send(from, message, Header.BROADCAST); // queued behind the delivery under way
    }
    return broadcast(from, message);
  }

  /**
   * Breadth first: a post made while this thread delivers another message waits in the
   * thread's queue and returns 0; the outermost post delivers it after its own message.
   */
  private int postBreadthFirst(Object message) {
    NestedQueue queue = nested.get();
    if (queue.delivering) {
      queue.add(null, message, null);
      return 0;
    }
    queue.delivering = true;
    try {
      int ran = broadcast(null, message);
      drain(queue);
      return ran;
    } finally {
      queue.clear();
      queue.delivering = false;
    }
  }

  /**
   * {@link #postBreadthFirst} for an immediate send, delivered into {@code sending}; false
   * when it was queued.
   */
  private boolean sendBreadthFirst(Sending sending, Address from, Object message, Header header) {
    NestedQueue queue = nested.get();
    if (queue.delivering) {
      queue.add(from, message, header);
      return false;
    }
    queue.delivering = true;
    try {
      deliver(sending, from, message, header, 0, scheduler.frame(), false, null); // time: sentNow
      drain(queue);
      return true;
    } finally {
      queue.clear();
      queue.delivering = false;
    }
  }

  /** Delivers the queued nested posts and sends, and those they queue, in order. */
  private void drain(NestedQueue queue) {
    for (int i = 0; i < queue.size(); i++) {
      if (queue.header(i) == null) {
        broadcast(null, queue.message(i));
      } else {
        Sending sending = Sending.begin();
        try {
          deliver(sending, queue.from(i), queue.message(i), queue.header(i), ticker.nanoTime(),
              scheduler.frame(), false, null);
        } finally {
          sending.end();
        }
      }
    }
  }

  /**
   * The plain post once accepted (the bus's own {@link DeadMessage} posts start here too), or
   * with {@code from} a remote peer's broadcast: when every handler of the class takes the
   * message as it is, call each directly.
   */
  private int broadcast(Address from, Object message) {
    Class<?> messageClass = message.getClass();
    DirectCalls direct = lastDirect;
    if (direct.messageClass != messageClass) { // another class, or the handlers changed
      direct = registry.handlersFor(registry.everyone(), messageClass).directCalls();
      if (direct != null) {
        lastDirect = direct;
      }
    }
    if (direct == null) { // a handler needs more than a call: decided when it was added
      Sending sending = Sending.begin();
      try {
        return deliver(sending, from, message, Header.BROADCAST, ticker.nanoTime(), scheduler.frame(), from == null, null);
      } finally {
        sending.end();
      }
    }
    HandlerCall[] calls = direct.calls;
    for (int i = 0; i < calls.length; i++) {
      try {
        calls[i].deliver(message);
      } catch (Throwable failure) {
        int ran = i + failedCall(failure, direct, i, message);
        return ran + finishChanged(direct, i + 1, from, message, ran);
      }
      if (direct.messageClass != messageClass) { // a handler was added or closed meanwhile
        return i + 1 + finishChanged(direct, i + 1, from, message, i + 1);
      }
    }
    if (calls.length == 0) {
      postDead(message, from == null ? null : deadEnvelope(from, message));
    }
    return calls.length;
  }

  /**
   * {@link Failures#failed}, for direct call {@code i}: 1 if the handler ran (and its failure
   * was reported), 0 if its listener was collected.
   */
  private int failedCall(Throwable failure, DirectCalls direct, int i, Object message) {
    if (failures.failed(failure, direct.subscriber(i), message)) {
      return 1;
    }
    registry.purgeCollected();
    return 0;
  }

  /**
   * The careful rest of a broadcast that could not go on as it began (its handlers changed,
   * or a call failed): the calls from {@code next} of those it began with, less those closed
   * meanwhile, then the handlers added meanwhile, then rule 8.
   *
   * @param ranBefore how many handlers ran before {@code next}
   * @return how many handlers ran from {@code next} on
   */
  private int finishChanged(DirectCalls direct, int next, Address from, Object message, int ranBefore) {
    int ran = 0;
    for (int i = next; i < direct.calls.length; i++) {
      if (!direct.subscriber(i).isRetired()) {
        if (failures.deliver(direct, i, message)) {
          ran++;
        } else {
          registry.purgeCollected();
        }
      }
    }
    int received = ranBefore + ran;
    Sending added = broadcastSending(from, message);
    try {
      try {
        deliverTo(direct.handlers, HandlerList.highestStamp(direct.subscribers()), added);
      } finally {
        added.finish();
      }
      ran += added.ran;
      received += added.received;
    } finally {
      added.end();
    }
    if (received == 0) {
      postDead(message, from == null ? null : deadEnvelope(from, message));
    }
    return ran;
  }

  /**
   * A send with a header or a sender: at once if the header says so, else queued for its
   * stage run.
   *
   * @return how many handlers ran; 0 for a queued message
   */
  int send(Address from, Object message, Header header) {
    Sending sending = Sending.begin();
    try {
      return sendNow(sending, from, message, header, null) ? sending.ran : 0;
    } finally {
      sending.end();
    }
  }

  /** A request: the replies of type {@code replyType}, in a new list, or an empty one. */
  @SuppressWarnings("unchecked")
  <R> List<R> request(Address from, Object message, Header header, Class<R> replyType) {
    Objects.requireNonNull(replyType, "replyType");
    Sending sending = Sending.begin();
    try {
      sendNow(sending, from, message, header, replyType);
      return sending.replies == null ? List.of() : (List<R>) sending.replies;
    } finally {
      sending.end();
    }
  }

  /** Checks a send, then delivers it into {@code sending}, or queues it and returns false. */
  private boolean sendNow(Sending sending, Address from, Object message, Header header, Class<?> replyType) {
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
      sending.ran = RemoteSending.send(registry, from, message, header, replyType != null);
      return true;
    }
    if (header.isImmediate()) {
      sending.sentNow(ticker); // the 0 below: the time is read only if a handler needs it
      if (nested != null && replyType == null) {
        return sendBreadthFirst(sending, from, message, header);
      }
      deliver(sending, from, message, header, 0, scheduler.frame(), false, replyType);
      return true;
    }
    long now = ticker.nanoTime();
    if (replyType != null) {
      throw new IllegalArgumentException(
          "request() returns the replies, so it cannot wait for a stage or a delay: " + header
              + ". Send the message with send() or post(), and reply with another message");
    }
    if (!scheduler.queue(message, header, from, now)) {
      throw closedError(message); // closed between the check above and now
    }
    return false;
  }

  /** Delivers a message that waited for its stage run, as it was sent. */
  void deliver(Pending pending) {
    Sending sending = Sending.begin();
    try {
      deliver(sending, pending.from, pending.message, pending.header, pending.sentNanos,
          pending.sentFrame, false, null);
    } finally {
      sending.end();
    }
  }

  /**
   * The one delivery of a message sent in any way: resolve the destination, call the
   * handlers there that the message is for (then, for an addressed message, those observing
   * all traffic), and if no visible handler received it, post it as a {@link DeadMessage}.
   *
   * @param sentNanos when it was sent; ignored if {@link Sending#sentNow} was called, so that
   *     the clock is read only if a handler's envelope shows the time
   * @return how many handlers ran; {@code sending} holds the replies
   */
  private int deliver(
      Sending sending,
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
    sending.of(message, header, from, target != null ? target : to, sentNanos, sentFrame,
        plainPost, excluded, replyType);
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
    if ((handlers != null && handlers.takesEnvelopes()) || (observers != null && observers.takesEnvelopes())) {
      sending.sentNanos(); // now, before any handler runs: an envelope shows when it was sent
    }
    try {
      if (handlers != null) {
        deliverTo(handlers, Long.MIN_VALUE, sending);
      }
      if (observers != null) {
        sending.alreadyServed = target;
        deliverTo(observers, Long.MIN_VALUE, sending);
      }
    } finally {
      // even when a rethrowing error handler ends the delivery: the lane calls counted as
      // made are handed over, and the envelope stops accepting cancels
      sending.finish();
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
  private void deliverTo(HandlersForClass list, long visitedUpTo, Sending sending) {
    HandlerList.Node[] nodes = list.nodes();
    while (true) {
      for (HandlerList.Node node : nodes) {
        Subscriber subscriber = (Subscriber) node;
        if (sending.isCancelled()) {
          return;
        }
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
    } else if (subscriber.lane != null) {
      sending.onLane(subscriber, listener, envelope);
    } else if (subscriber.serialLock != null) {
      synchronized (subscriber.serialLock) {
        callHere(subscriber, listener, sending, envelope);
      }
    } else {
      callHere(subscriber, listener, sending, envelope);
    }
    sending.ran++;
    sending.received += subscriber.visible;
  }

  /** Calls a handler on this thread, with the envelope and for its reply if it needs them. */
  private void callHere(Subscriber subscriber, Object listener, Sending sending, Envelope envelope) {
    if (subscriber.takesEnvelope || sending.isRequest()) {
      sending.collect(failures.invoke(subscriber, listener, sending.message, envelope));
    } else {
      failures.deliver(subscriber, listener, sending.message);
    }
  }

  /** Delivers a kept sticky message to one handler that just registered, as it was sent. */
  void replay(Subscriber subscriber, Object message, Header header) {
    Sending sending = Sending.begin();
    try {
      sending.of(message, header, null, header.to(), ticker.nanoTime(), scheduler.frame(),
          false, null, null);
      try {
        if (!subscriber.isRetired() && subscriber.accepts(sending)) {
          call(subscriber, sending);
        }
      } finally {
        sending.finish();
      }
    } finally {
      sending.end();
    }
  }

  /** This thread's next sending, for a broadcast (a plain post's when {@code from} is null); the caller ends it. */
  private Sending broadcastSending(Address from, Object message) {
    return Sending.begin().of(message, Header.BROADCAST, from, Address.BROADCAST, ticker.nanoTime(),
        scheduler.frame(), from == null, null, null);
  }

  /** The envelope a peer's broadcast that nobody received is dead with, as a send's would be. */
  private Envelope deadEnvelope(Address from, Object message) {
    Sending sending = broadcastSending(from, message);
    try {
      sending.finish();
      return sending.envelope();
    } finally {
      sending.end();
    }
  }

  private void postDead(Object message, Envelope envelope) {
    if (message instanceof DeadMessage || deadMessages.isEmpty()) {
      return;
    }
    broadcast(null, new DeadMessage(message, envelope));
  }

  /**
   * Lets go of the last plain post's calls if they were replaced: called when a registration
   * left, so that they keep none of its listeners (or a plugin's classes) alive until the next
   * post. A racing post may put them back; it then replaces them at its next post.
   */
  void forgetReplacedCalls() {
    if (lastDirect.isReplaced()) {
      lastDirect = DirectCalls.NONE;
    }
  }

  /** From now on, posting and sending throw; what is under way finishes. */
  void stopAccepting() {
    broadcastsAtOnce = false;
    accepting = false;
  }

  boolean isAccepting() {
    return accepting;
  }

  private static BusClosedException closedError(Object message) {
    return new BusClosedException("Cannot send " + message + ": the bus is closed");
  }
}
