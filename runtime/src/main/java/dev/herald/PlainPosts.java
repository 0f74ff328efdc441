package dev.herald;

import dev.herald.internal.generated.HandlerCall;
import java.util.Objects;

/**
 * How a plain post reaches its handlers: {@link #broadcast}, one loop over the calls bound when the
 * handlers of the message's class registered, while every one of them may simply be called;
 * otherwise {@link Router} delivers it as a send to everyone. Takes no lock and, while the handlers
 * of the message's class do not change, allocates nothing. Extended only by {@link
 * RecordedPlainPosts}, for a bus that records its posts for JFR.
 */
class PlainPosts {
  private final Router router;
  private final Registry registry;
  private final Failures failures;

  /** Null on a depth-first bus. */
  private final BreadthFirst breadthFirst;

  /** Accepting, and depth first: all a plain post asks before it goes straight to handlers. */
  private volatile boolean atOnce;

  /**
   * The calls of the last plain post on each thread: a thread posting one class in a loop skips the
   * index, and no post writes where a post of another class on another thread reads.
   */
  private final LastCalls lastCalls = new LastCalls();

  /** Looked up once: every message nobody receives asks whether anyone listens for it. */
  private final HandlersForClass deadMessages;

  PlainPosts(Router router, Registry registry, Failures failures, BreadthFirst breadthFirst) {
    this.router = router;
    this.registry = registry;
    this.failures = failures;
    this.breadthFirst = breadthFirst;
    this.atOnce = breadthFirst == null;
    this.deadMessages = registry.handlersFor(registry.everyone(), DeadMessage.class);
  }

  /** A plain post, as {@link MessageBus#post(Object)} describes it. */
  int post(Object message) {
    if (message == null) {
      throw new NullPointerException("Cannot post null: a message must be an object");
    }
    if (!atOnce) {
      return postNotAtOnce(message);
    }
    return broadcast(null, message);
  }

  /**
   * A plain post on a bus that is closed, closing or breadth first: kept out of {@link #post} so
   * that post stays within the size the JIT inlines at any call site, hot or not.
   */
  private int postNotAtOnce(Object message) {
    router.requireAccepting(message);
    if (breadthFirst == null) { // depth first, and the bus not yet refusing: still accepted
      return broadcast(null, message);
    }
    return breadthFirst.post(message);
  }

  /**
   * A broadcast that a remote peer sent ({@link dev.herald.bridge.RemoteEndpoint#receive}): as
   * {@link Router#send} with {@link Header#BROADCAST} delivers it, but when every handler of the
   * class takes the message as it is (no envelope, tags or sender filter, which is when the sender
   * makes no difference to them), each is called directly, as for a plain post: a bridge delivers
   * every message from another process this way.
   */
  int sendFromRemote(Address from, Object message) {
    Objects.requireNonNull(message, "message");
    router.requireAccepting(message);
    if (breadthFirst != null) {
      return router.send(from, message, Header.BROADCAST); // queued behind the delivery under way
    }
    return broadcast(from, message);
  }

  /**
   * The plain post once accepted (the bus's own {@link DeadMessage} posts start here too), or with
   * {@code from} a remote peer's broadcast: when every handler of the class takes the message as it
   * is, make each one's call.
   */
  int broadcast(Address from, Object message) {
    Class<?> messageClass = message.getClass();
    DirectCalls direct = lastCalls.get();
    if (direct.messageClass != messageClass) { // another class, or the handlers changed
      direct = registry.handlersFor(registry.everyone(), messageClass).directCalls();
      if (direct == null) { // a handler needs more than a call: decided when it was added
        return router.broadcastAsSent(from, message);
      }
      if (direct.onlyHidden) { // never kept as the last calls, so that no other post asks this
        return finishChanged(direct, 0, from, message, 0, null); // each hidden call, then rule 8
      }
      lastCalls.set(direct);
    }
    return makeCalls(direct, from, message, null);
  }

  /**
   * The calls of a broadcast found direct: each handler's bound call, or its runs; then, if the
   * handlers changed or a call failed, the careful rest ({@link #finishChanged}), and rule 8.
   *
   * @param due the queued message being delivered, or null for a post or a peer's broadcast
   */
  private int makeCalls(DirectCalls direct, Address from, Object message, Pending due) {
    HandlerCall[] calls = direct.calls;
    if (calls.length == 0) { // before the loop: after it, one comparison is all a post pays
      postDeadBroadcast(from, message, due);
      return 0;
    }
    if (direct.runEnds != null) {
      return broadcastRuns(direct, from, message, due);
    }
    for (int i = 0; i < calls.length; i++) {
      try {
        calls[i].call(message); // a call closed meanwhile throws, and this loop asks nothing
      } catch (Throwable failure) {
        return finishFailed(failure, direct, i, from, message, due);
      }
    }
    if (direct.messageClass != message.getClass()) { // a handler was added or closed meanwhile
      return calls.length
          + finishChanged(direct, calls.length, from, message, direct.receivers, due);
    }
    return calls.length;
  }

  /**
   * A queued message whose stage run has come, sent to everyone without tags or a required receiver
   * ({@link Header#isPlainBroadcast}): when every handler of its class takes the message as it is,
   * each is called directly, as for a plain post; otherwise the full delivery delivers it ({@link
   * Router#deliverQueued}). Either way it is delivered as it was sent: handlers added meanwhile,
   * and a {@link DeadMessage}'s envelope, see the time and frame it was sent at.
   */
  int broadcastDue(Pending due) {
    Object message = due.message;
    Class<?> messageClass = message.getClass();
    DirectCalls direct = lastCalls.get(); // a stage run delivers many of one class, as a loop posts
    if (direct.messageClass != messageClass) {
      direct = registry.handlersFor(registry.everyone(), messageClass).directCalls();
      if (direct == null) {
        return router.deliverQueued(due);
      }
      if (direct.onlyHidden) {
        return finishChanged(direct, 0, due.from, message, 0, due);
      }
      lastCalls.set(direct);
    }
    return makeCalls(direct, due.from, message, due);
  }

  /**
   * A broadcast whose calls fall in runs of one class: one {@link HandlerCall#callAll} per run,
   * which reports each call that threw to the {@link RunFailures} and goes on; then, if the
   * handlers changed meanwhile or some did not run, the handlers added meanwhile and rule 8, as
   * {@link #finishChanged} does for any broadcast.
   */
  private int broadcastRuns(DirectCalls direct, Address from, Object message, Pending due) {
    RunFailures failures = direct.runFailures;
    if (failures == null) {
      failures = new RunFailures(this, direct);
      direct.runFailures = failures;
    }
    HandlerCall[] calls = direct.calls;
    int ran = 0;
    int start = 0;
    for (int end : direct.runEnds) {
      ran += calls[start].callAll(calls, start, end, message, failures);
      start = end;
    }
    if (direct.messageClass != message.getClass() || ran < calls.length) {
      return ran + finishChanged(direct, calls.length, from, message, ran, due);
    }
    return ran;
  }

  /**
   * The rest of a broadcast whose direct call {@code i} failed, the calls before it made.
   *
   * @return how many handlers ran, from the first
   */
  private int finishFailed(
      Throwable failure, DirectCalls direct, int i, Address from, Object message, Pending due) {
    int ran = failedCall(failure, direct, i, message);
    int received = direct.receiversBefore(i) + ran * direct.subscriber(i).visible;
    return i + ran + finishChanged(direct, i + 1, from, message, received, due);
  }

  /**
   * {@link Failures#failed}, for direct call {@code i}: 1 if the handler ran (and its failure was
   * reported), 0 if its call was closed or its listener collected.
   */
  int failedCall(Throwable failure, DirectCalls direct, int i, Object message) {
    if (failures.failed(failure, direct.subscriber(i), message)) {
      return 1;
    }
    if (failure instanceof WeakCall.Collected) {
      registry.purgeCollected();
    }
    return 0;
  }

  /**
   * The careful rest of a broadcast that could not go on as it began (its handlers changed, or a
   * call failed), or all of one that only hidden handlers see (a bridge's forwarder, say): the
   * calls from {@code next} of those it began with, less those closed meanwhile, then the handlers
   * added meanwhile, then rule 8.
   *
   * @param receivedBefore how many handlers that count as receivers ran before {@code next}
   * @param due the queued message being delivered, or null for a post or a peer's broadcast
   * @return how many handlers ran from {@code next} on
   */
  private int finishChanged(
      DirectCalls direct, int next, Address from, Object message, int receivedBefore, Pending due) {
    int ran = 0;
    int received = receivedBefore;
    for (int i = next; i < direct.calls.length; i++) {
      Subscriber subscriber = direct.subscriber(i);
      if (!subscriber.isRetired()) {
        int called;
        try {
          direct.calls[i].call(message);
          called = 1;
        } catch (Throwable failure) {
          called = failedCall(failure, direct, i, message);
        }
        ran += called;
        received += called * subscriber.visible;
      }
    }
    long seen = HandlerList.highestStamp(direct.subscribers());
    if (HandlerList.addedSince(direct.handlers.nodes(), seen)) { // not only closed meanwhile
      Delivery added =
          due == null ? router.broadcastDelivery(from, message) : router.queuedDelivery(due);
      try {
        try {
          router.deliverTo(direct.handlers, seen, added);
        } finally {
          added.finish();
        }
        ran += added.ran;
        received += added.received;
      } finally {
        added.end();
      }
    }
    if (received == 0) {
      postDeadBroadcast(from, message, due);
    }
    return ran;
  }

  /**
   * Rule 8 for a broadcast that reached nobody: a plain post's {@link DeadMessage} has no envelope;
   * a peer's has the one a send's would have, and a queued message's the one it was sent with.
   */
  private void postDeadBroadcast(Address from, Object message, Pending due) {
    if (due != null) {
      postDead(message, router.queuedEnvelope(due));
    } else {
      postDead(message, from == null ? null : deadEnvelope(from, message));
    }
  }

  private Envelope deadEnvelope(Address from, Object message) {
    Delivery delivery = router.broadcastDelivery(from, message);
    try {
      delivery.finish();
      return delivery.envelope();
    } finally {
      delivery.end();
    }
  }

  /**
   * Rule 8: posts {@code message}, which reached no visible handler, as a {@link DeadMessage}, and
   * counts it (a {@code DeadMessage} that reaches nobody is neither posted nor counted).
   */
  void postDead(Object message, Envelope envelope) {
    if (message instanceof DeadMessage) {
      return;
    }
    failures.deadMessage(message, envelope);
    if (!deadMessages.isEmpty()) {
      broadcast(null, new DeadMessage(message, envelope));
    }
  }

  /**
   * Lets go of the last plain posts' calls that were replaced: called when a registration left, so
   * that they keep none of its listeners (or a plugin's classes) alive ({@link
   * LastCalls#forgetReplaced}).
   */
  void forgetReplacedCalls() {
    lastCalls.forgetReplaced();
  }

  /**
   * Called as the bus stops accepting: every plain post then asks whether it is closed. The bus
   * refuses only after this, so a post on another thread may find this done and the bus still
   * accepting; on a depth-first bus it is then delivered as a post before the shutdown.
   */
  void stopAccepting() {
    atOnce = false;
  }
}
