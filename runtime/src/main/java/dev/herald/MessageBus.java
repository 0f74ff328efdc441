package dev.herald;

import dev.herald.spi.Dispatcher;
import dev.herald.spi.DispatcherIndex;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A message bus whose handlers are called by code generated at compile time.
 *
 * <pre>{@code
 * MessageBus bus = MessageBus.create();
 * Registration radar = bus.register(new Radar());   // its @Subscribe methods
 * bus.post(new UnderAttack("Red Baron"));           // returns how many handlers ran
 * radar.close();
 * }</pre>
 *
 * <h2>Delivery</h2>
 * {@link #post} calls, on the posting thread and before it returns, every handler whose
 * parameter type is the message's runtime class or a supertype of it (superclasses,
 * interfaces, {@code Object}), each at most once: higher {@code priority} first, then in
 * registration order. A handler may post: nested messages are delivered at once, depth first.
 * A message that reaches no handler, or only hidden ones, is posted again wrapped in a
 * {@link DeadMessage}.
 *
 * <h2>Routing</h2>
 * Every registration has an {@link Address}. {@code post} broadcasts anonymously;
 * {@link #post(Object, Header)} and a registration's {@code send} methods can address a
 * message, tag it, and require a receiver. A message sent to an address reaches only the
 * handlers registered at it and those {@linkplain Registration.Builder#observing observing}
 * it (together, by priority), then those observing all traffic (by priority); its cost
 * depends on those handlers, not on how many there are on the bus. A handler with
 * {@code @Subscribe(tags)} receives only messages that share one of its tags; a registration
 * made {@linkplain Registration.Builder#onlyFrom only from} a sender receives only what that
 * sender sends.
 *
 * <h2>Changes during delivery</h2>
 * A handler unregistered while a message is being delivered is not called from then on,
 * not even for that message. A handler registered during a delivery on the same thread is
 * called for that message, after the handlers that were already there. A delivery that
 * starts after {@code unregister} returned never calls the unregistered handler.
 *
 * <h2>Listeners</h2>
 * {@link #register} holds the listener weakly: once it is unreachable, its handlers stop
 * running and the bus forgets it. {@link #registerStrongly} and {@link #subscribe} hold
 * theirs strongly. Registering is by identity; registering the same object twice returns the
 * first registration.
 *
 * <h2>Failures</h2>
 * A handler that throws does not stop delivery to the others; its exception goes to the
 * {@link ErrorHandler} (by default, logged). {@link VirtualMachineError}s propagate.
 *
 * <h2>Threads</h2>
 * Every method is thread-safe. {@code post} without a header takes no lock and, once a
 * message class has been seen, allocates nothing; registering and unregistering copy the
 * affected handler lists.
 */
public final class MessageBus implements AutoCloseable {
  /** From how many collected listeners a purge takes them out of each list all at once. */
  static final int BATCH_PURGE = 16;

  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

  private final ErrorHandler errorHandler;
  private final DispatcherLookup lookup;
  private final Ticker ticker;
  private final PlainDelivery plainDelivery = new PlainDelivery();
  private final Delivery delivery = new Delivery();
  private final Stamps stamps = new Stamps();
  private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
  private final AtomicLong addressNumbers = new AtomicLong();
  private final AtomicLong frames = new AtomicLong();
  private final Schedule schedule = new Schedule();
  private final AsyncDeliveries async;
  private volatile boolean accepting = true;
  private final Object shutdownLock = new Object();
  private boolean shuttingDown;
  private ShutdownReport shutdownReport;

  private final Object lock = new Object();
  private final ListenerTable listeners = new ListenerTable();
  private final RoutingTable everyone = new RoutingTable(lock);
  private final RoutingTable observersOfAll = new RoutingTable(lock);
  private final Map<String, Registration> names = new ConcurrentHashMap<>();
  /** The options of a plain register and registerStrongly, never changed, so never copied. */
  private final Registration.Builder weakly = new Registration.Builder(this);
  private final Registration.Builder strongly = new Registration.Builder(this).strongly();
  /**
   * The route of the last plain post: a program posting one type in a loop skips the table.
   * Racy but safe, as a route never changes its class and its fields are final.
   */
  private Route lastRoute;
  /** Looked up once: every message nobody receives asks it whether anyone listens. */
  private final Route deadMessages;

  private MessageBus(Builder builder) {
    this.errorHandler = builder.errorHandler;
    this.lookup = DispatcherLookup.with(builder.indexes);
    this.ticker = builder.ticker;
    this.async = new AsyncDeliveries(this, builder.executor);
    this.deadMessages = everyone.routeFor(DeadMessage.class);
    this.lastRoute = deadMessages;
  }

  /** A bus that logs handler failures and finds dispatchers through {@code ServiceLoader}. */
  public static MessageBus create() {
    return builder().build();
  }

  /** Starts configuring a bus. */
  public static Builder builder() {
    return new Builder();
  }

  // ---- registering ----------------------------------------------------------------------

  /**
   * Registers every {@code @Subscribe} method of {@code listener}, including inherited ones,
   * at a new address, holding the listener weakly.
   *
   * @return the registration; the existing one if {@code listener} is already registered
   * @throws IllegalArgumentException if no dispatcher was generated for the listener's class
   *     or any superclass (the class has no {@code @Subscribe} methods, or was compiled
   *     without {@code herald-processor})
   */
  public Registration register(Object listener) {
    return register(Objects.requireNonNull(listener, "listener"), weakly);
  }

  /**
   * Registers {@code listener} at {@code address}, which it then shares with the other
   * registrations there: the components of one entity, say.
   *
   * @throws IllegalStateException if the address is retired
   */
  public Registration register(Object listener, Address address) {
    return registration().at(address).register(listener);
  }

  /**
   * Like {@link #register(Object)}, but holds {@code listener} strongly, for listeners nobody
   * else holds; it stays registered until closed.
   */
  public Registration registerStrongly(Object listener) {
    return register(Objects.requireNonNull(listener, "listener"), strongly);
  }

  /**
   * Calls {@code handler} with every message whose class is {@code type} or a subtype,
   * holding it strongly until the registration is closed. Each call makes a new
   * registration, even for the same function.
   */
  public <T> Registration subscribe(Class<T> type, Consumer<? super T> handler) {
    return registration().subscribe(type, handler);
  }

  /** Starts a registration with routing options: address, sender filter, observation. */
  public Registration.Builder registration() {
    return new Registration.Builder(this);
  }

  /**
   * Unregisters {@code listener} (by identity), releasing the names it bound.
   *
   * @return {@code false} if it was not registered
   */
  public boolean unregister(Object listener) {
    Objects.requireNonNull(listener, "listener");
    synchronized (lock) {
      Registration registration = listeners.get(listener);
      return registration != null && removeLocked(registration);
    }
  }

  /**
   * A new address for an entity whose components will be registered at it. It is retired
   * when the last registration at it closes.
   */
  public Address createAddress() {
    return Address.entity(this, addressNumbers.incrementAndGet(), lock);
  }

  // ---- sending --------------------------------------------------------------------------

  /**
   * Broadcasts {@code message} anonymously to every matching handler, on this thread, before
   * returning.
   *
   * @return how many handlers ran (hidden ones included; a handler that threw counts)
   * @throws NullPointerException if {@code message} is null
   */
  public int post(Object message) {
    if (message == null) {
      throw new NullPointerException("Cannot post null: a message must be an object");
    }
    if (!accepting) {
      throw closedError(message);
    }
    return broadcast(message);
  }

  /** A plain post once it is accepted; the bus's own DeadMessage posts start here too. */
  private int broadcast(Object message) {
    Class<?> messageClass = message.getClass();
    Route route = lastRoute;
    if (route.messageClass != messageClass) {
      route = everyone.routeFor(messageClass);
      lastRoute = route;
    }
    if (route.plainPostsNeedAnEnvelope()) {
      return deliver(null, message, Header.BROADCAST, ticker.nanoTime(), frames.get(), null, null);
    }
    long ran = route.handlers.dispatch(message, plainDelivery);
    if (ran >>> 32 == 0) {
      postDead(message, null);
    }
    return (int) ran;
  }

  /**
   * Sends {@code message} anonymously as {@code header} says: at once, or queued for a stage
   * run if the header gives a stage or a delay.
   *
   * @return how many handlers ran; 0 for a queued message
   * @throws IllegalArgumentException if the header is addressed to {@link Address#SELF}
   *     (an anonymous post has no address of its own) or to another bus's address
   */
  public int post(Object message, Header header) {
    return send(null, message, header, null, null);
  }

  /**
   * Broadcasts {@code message} like {@link #post} and returns the replies: the non-null
   * values that handlers returned which are instances of {@code replyType}, in delivery order,
   * in a new list.
   */
  public <R> List<R> request(Object message, Class<R> replyType) {
    return request(null, message, Header.BROADCAST, replyType);
  }

  /** Like {@link #request(Object, Class)}, sent as {@code header} says. */
  public <R> List<R> request(Object message, Header header, Class<R> replyType) {
    return request(null, message, header, replyType);
  }

  /** The current frame: how many times {@link #endFrame()} has been called. */
  public long frame() {
    return frames.get();
  }

  /**
   * Ends the current frame; call it once per frame of the game loop, after its last stage.
   * Messages delayed by frames count these calls.
   */
  public void endFrame() {
    frames.incrementAndGet();
  }

  /**
   * Delivers the queued messages that this run of {@code stage} is for: those sent with this
   * stage and due now (by the {@link Ticker} or the {@link #frame() frame}), then those sent
   * with {@link Stage#IMMEDIATE} and a delay that are due now. Within each group, messages
   * delayed in frames (and staged ones without delay) come first, by due frame, then those
   * delayed in time, by due time; ties go by send order. Messages queued while this runs,
   * by its handlers say, wait for the next run of their stage. A run that delivers nothing
   * costs the same however many messages are waiting.
   *
   * @return how many messages were delivered
   * @throws IllegalArgumentException for {@link Stage#IMMEDIATE}, which is not a point of the
   *     frame
   * @throws IllegalStateException if the bus is closed
   */
  public int runStage(Stage stage) {
    Objects.requireNonNull(stage, "stage");
    if (stage == Stage.IMMEDIATE) {
      throw new IllegalArgumentException(
          "Stage.IMMEDIATE is not a point of the frame: run FIXED_UPDATE, UPDATE, LATE_UPDATE"
              + " or END_OF_FRAME; delayed IMMEDIATE messages come with whichever runs first");
    }
    if (!accepting) {
      throw new IllegalStateException("Cannot run " + stage + ": the bus is closed");
    }
    return deliverQueued(schedule.takeDue(stage, frames.get(), ticker.nanoTime()));
  }

  /** How many messages are waiting for a stage run. */
  public int pendingCount() {
    return schedule.size();
  }

  /**
   * Closes the bus as {@link #shutdown shutdown(QueuedMessages.DELIVER, 10 seconds)} does, and
   * logs a warning through {@link System.Logger} if anything was left undone.
   */
  @Override
  public void close() {
    ShutdownReport report = shutdown(QueuedMessages.DELIVER, CLOSE_TIMEOUT);
    if (!report.isComplete()) {
      Logging.logger().log(System.Logger.Level.WARNING, "Herald: closed with work left undone: " + report);
    }
  }

  /**
   * Stops the bus: from now on it accepts no message (posting or sending throws
   * {@link IllegalStateException}, and so does a handler's post during this shutdown, which
   * goes to the error handler). Then it delivers or discards the queued messages as
   * {@code queued} says, and waits up to {@code timeout} for the asynchronous handler calls
   * still to run. Calling it again returns the first report.
   *
   * <p>Every queued message is accounted for in the report: delivered, discarded, or failed.
   * A message whose delivery threw out of the bus (its error handler rethrew, or a handler
   * threw an {@code Error}) counts as failed, and the messages after it are still delivered.
   * Then, after the report is made and the bus is closed, the first such throwable is thrown
   * from this method (later ones suppressed in it; a checked one wrapped in an
   * {@link IllegalStateException}); the report stays reachable, as calling {@code shutdown}
   * or {@code close} again returns it.
   *
   * @return what was delivered and what was not
   */
  public ShutdownReport shutdown(QueuedMessages queued, Duration timeout) {
    Objects.requireNonNull(queued, "queued");
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("A shutdown timeout must not be negative, but was " + timeout);
    }
    synchronized (shutdownLock) {
      if (shutdownReport != null) {
        return shutdownReport;
      }
      if (shuttingDown) {
        throw new IllegalStateException(
            "The bus is already closing: a handler called close() or shutdown() while the"
                + " queued messages were being delivered");
      }
      shuttingDown = true;
      accepting = false;
      List<Pending> waiting = schedule.takeAll();
      int delivered = 0;
      int discarded = 0;
      int failed = 0;
      int unfinished = 0;
      Throwable firstFailure = null;
      try {
        if (queued == QueuedMessages.DISCARD) {
          discarded = waiting.size();
        } else {
          for (Pending pending : waiting) {
            try {
              deliver(pending);
              delivered++;
            } catch (Throwable failure) {
              // Whatever escaped (the error handler rethrew, or an Error), the messages
              // after this one are still delivered and this one is counted; the first
              // failure is thrown once the report is made.
              failed++;
              if (firstFailure == null) {
                firstFailure = failure;
              } else if (firstFailure != failure) {
                firstFailure.addSuppressed(failure);
              }
            }
          }
        }
        unfinished = awaitAsync(timeout);
      } finally {
        async.shutdownOwnExecutor();
        shutdownReport = new ShutdownReport(delivered, discarded, failed, unfinished);
      }
      if (firstFailure != null) {
        throw ShutdownFailure.rethrow(firstFailure);
      }
      return shutdownReport;
    }
  }

  private int awaitAsync(Duration timeout) {
    // capped so that deadline arithmetic cannot overflow; 2^62 ns is about 146 years
    long nanos = timeout.compareTo(Duration.ofNanos(1L << 62)) >= 0 ? 1L << 62 : timeout.toNanos();
    try {
      return async.awaitIdle(nanos);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return async.unfinished();
    }
  }

  /** Whether {@link #close} or {@link #shutdown} has been called. */
  public boolean isClosed() {
    return !accepting;
  }

  @Override
  public String toString() {
    synchronized (lock) {
      return "MessageBus[" + listeners.size() + " listeners, " + everyone.subscriberCount() + " handlers]";
    }
  }

  // ---- what registrations call ------------------------------------------------------------

  @SuppressWarnings("unchecked")
  <R> List<R> request(Address from, Object message, Header header, Class<R> replyType) {
    Objects.requireNonNull(replyType, "replyType");
    List<Object> replies = new ArrayList<>();
    send(from, message, header, replyType, replies);
    return (List<R>) replies;
  }

  int send(Address from, Object message, Header header, Class<?> replyType, List<Object> replies) {
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(header, "header");
    if (!accepting) {
      throw closedError(message);
    }
    checkDestination(header.to(), from);
    long now = ticker.nanoTime();
    if (header.isImmediate()) {
      return deliver(from, message, header, now, frames.get(), replyType, replies);
    }
    if (replies != null) {
      throw new IllegalArgumentException(
          "request() returns the replies, so it cannot wait for a stage or a delay: " + header
              + ". Send the message with send() or post(), and reply with another message");
    }
    if (!schedule.add(message, header, from, now, frames.get())) {
      throw closedError(message); // closed between the check above and now
    }
    return 0;
  }

  private void checkDestination(Address to, Address from) {
    if (to.kind == Address.Kind.SELF && from == null) {
      throw new IllegalArgumentException(
          "Address.SELF is the sender's own address, and an anonymous post has none:"
              + " send through the Registration instead (registration.send(Address.SELF, message))");
    }
    if (to.kind == Address.Kind.ENTITY) {
      requireOwnAddress(to, "send to");
    }
  }

  private int deliverQueued(List<Pending> due) {
    for (int i = 0; i < due.size(); i++) {
      try {
        deliver(due.get(i));
      } catch (RuntimeException | Error failure) {
        // the error handler threw (it may be the rethrowing one): the rest keep their turn
        List<Pending> rest = due.subList(i + 1, due.size());
        if (!rest.isEmpty() && !schedule.restore(rest)) {
          Logging.logger().log(System.Logger.Level.WARNING,
              "Herald: the bus closed during a stage run; " + rest.size() + " due messages were not delivered");
        }
        throw failure;
      }
    }
    return due.size();
  }

  private int deliver(Pending pending) {
    return deliver(
        pending.from, pending.message, pending.header, pending.sentNanos, pending.sentFrame, null, null);
  }

  private int deliver(
      Address from,
      Object message,
      Header header,
      long sentNanos,
      long sentFrame,
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
        Registration owner = names.get(to.name());
        target = owner == null ? null : owner.address;
        break;
      default:
        target = to;
    }
    boolean broadcast = to.kind == Address.Kind.BROADCAST || to.kind == Address.Kind.BROADCAST_NOT_ME;
    Envelope envelope =
        new Envelope(message, from, target != null ? target : to, header, sentNanos, sentFrame, replyType);
    Sending sending = new Sending(message, header, from, envelope, excluded, replyType, replies);
    Class<?> messageClass = message.getClass();
    long ran = 0;
    if (broadcast) {
      ran = everyone.routeFor(messageClass).handlers.dispatch(sending, delivery);
    } else if (target != null) {
      RoutingTable atTarget = target.routesForSending();
      if (atTarget != null) {
        ran = atTarget.routeFor(messageClass).handlers.dispatch(sending, delivery);
        sending.alreadyServed = target;
        ran += observersOfAll.routeFor(messageClass).handlers.dispatch(sending, delivery);
      }
    }
    if (ran >>> 32 == 0 && !(message instanceof DeadMessage)) {
      postDead(message, envelope);
      if (header.requireReceiver()) {
        errorHandler.handle(
            new UndeliveredMessageException(message, header),
            new ErrorContext(this, null, null, message));
      }
    }
    return (int) ran;
  }

  Registration register(Object listener, Registration.Builder options) {
    ListenerType type = lookup.typeOf(listener.getClass());
    if (!type.hasDispatcher()) {
      throw new IllegalArgumentException(
          noDispatcherMessage(listener.getClass(), lookup.knowsAnyDispatcherFor(listener.getClass())));
    }
    synchronized (lock) {
      purgeCollectedLocked();
      Registration existing = listeners.get(listener);
      if (existing != null) {
        return existing;
      }
      Registration registration = newRegistrationLocked(listener, options.strong, options, type);
      listeners.put(registration);
      return registration;
    }
  }

  <T> Registration subscribe(Class<T> type, Consumer<? super T> handler, Registration.Builder options) {
    return subscribe(type, handler, new SubscriptionDispatcher(type), Consumer.class, options);
  }

  /** A strongly held function registered with {@code dispatcher}, its one handler. */
  Registration subscribe(
      Class<?> type, Object function, Dispatcher<?> dispatcher, Class<?> functionType, Registration.Builder options) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(function, "handler");
    if (type.isPrimitive()) {
      throw new IllegalArgumentException(
          "Cannot subscribe to " + type + ": messages are objects; subscribe to its wrapper class");
    }
    ListenerType listenerType =
        ListenerType.compose(type, dispatcher, ListenerType.withoutDispatcher(functionType));
    synchronized (lock) {
      purgeCollectedLocked();
      return newRegistrationLocked(function, true, options, listenerType);
    }
  }

  void bind(Registration registration, String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("A name must not be empty");
    }
    synchronized (lock) {
      if (!registration.isOpen()) {
        throw new IllegalStateException("Cannot bind \"" + name + "\" to a closed registration");
      }
      purgeCollectedLocked();
      Registration owner = names.get(name);
      if (owner != null && owner.listener() == null) {
        // collected, though not yet seen in the reference queue: it holds nothing any more
        removeLocked(owner);
        owner = null;
      }
      if (owner == registration) {
        return;
      }
      if (owner != null) {
        throw new IllegalStateException(
            "The name \"" + name + "\" is already bound to " + owner.address
                + "; only the registration that bound it can unbind it (closing it does too)");
      }
      names.put(name, registration);
      registration.names.add(name);
    }
  }

  boolean unbind(Registration registration, String name) {
    Objects.requireNonNull(name, "name");
    synchronized (lock) {
      if (names.get(name) != registration) {
        return false;
      }
      names.remove(name);
      registration.names.remove(name);
      return true;
    }
  }

  void remove(Registration registration) {
    synchronized (lock) {
      removeLocked(registration);
    }
  }

  /** Forgets listeners that were collected; called on the rare paths. */
  void purgeCollected() {
    synchronized (lock) {
      purgeCollectedLocked();
    }
  }

  Address requireLiveAddress(Address address, String what) {
    requireOwnAddress(address, what);
    if (address.isRetired()) {
      throw new IllegalStateException(
          "Cannot " + what + " " + address + ": it was retired when its last registration closed");
    }
    return address;
  }

  Address requireOwnAddress(Address address, String what) {
    Objects.requireNonNull(address, "address");
    if (!address.isEntity()) {
      throw new IllegalArgumentException(
          "Cannot " + what + " " + address + ": only an address made by the bus"
              + " (createAddress() or a registration's address()) can be used here");
    }
    if (address.bus != this) {
      throw new IllegalArgumentException("Cannot " + what + " " + address + ": it belongs to another bus");
    }
    return address;
  }

  // ---- for tests of the cleanup ----------------------------------------------------------

  int subscriberCount() {
    synchronized (lock) {
      return everyone.subscriberCount();
    }
  }

  int listenerCount() {
    synchronized (lock) {
      return listeners.size();
    }
  }

  int routeEntryCount() {
    synchronized (lock) {
      return everyone.routeEntryCount() + observersOfAll.routeEntryCount();
    }
  }

  int boundNameCount() {
    return names.size();
  }

  // ---- internals -------------------------------------------------------------------------

  private Registration newRegistrationLocked(
      Object listener, boolean strong, Registration.Builder options, ListenerType type) {
    Address address = options.at != null ? options.at : createAddress();
    if (address.isRetired()) {
      throw new IllegalStateException(
          "Cannot register at " + address + ": it was retired when its last registration closed");
    }
    Registration registration =
        new Registration(this, listener, strong, options, address, type, stamps, collected);
    address.registrations++;
    for (Subscriber subscriber : registration.subscribers) {
      everyone.add(subscriber);
      address.join(subscriber);
      for (Address watched : registration.observed) {
        watched.join(subscriber);
      }
      if (registration.observesAll) {
        observersOfAll.add(subscriber);
      }
    }
    return registration;
  }

  private boolean removeLocked(Registration registration) {
    if (!registration.deactivate()) {
      return false;
    }
    Address address = registration.address;
    for (Subscriber subscriber : registration.subscribers) {
      everyone.remove(subscriber);
      address.leave(subscriber);
      for (Address watched : registration.observed) {
        watched.leave(subscriber);
      }
      if (registration.observesAll) {
        observersOfAll.remove(subscriber);
      }
    }
    forgetLocked(registration);
    return true;
  }

  /** The bookkeeping of a removal besides the handler lists: listener, names, address. */
  private void forgetLocked(Registration registration) {
    if (listeners.get(registration.listener()) == registration || registration.listener() == null) {
      listeners.remove(registration);
    }
    for (String name : registration.names) {
      names.remove(name, registration);
    }
    registration.names.clear();
    if (--registration.address.registrations == 0) {
      registration.address.retire();
    }
  }

  private void purgeCollectedLocked() {
    Reference<?> reference = collected.poll();
    if (reference == null) {
      return;
    }
    List<Registration> dead = new ArrayList<>();
    for (; reference != null; reference = collected.poll()) {
      dead.add(((Registration.WeakListener) reference).registration);
    }
    if (dead.size() < BATCH_PURGE) {
      for (Registration registration : dead) {
        removeLocked(registration);
      }
      return;
    }
    // Many at once (a scene unloaded, a burst of short-lived listeners): removing them one by
    // one copies every list they are in once per handler, quadratic work under the lock.
    // Retire them all, then take the retired handlers out of each list with one copy.
    Set<Address> addresses = Collections.newSetFromMap(new IdentityHashMap<Address, Boolean>());
    boolean observersOfAllChanged = false;
    for (Registration registration : dead) {
      if (!registration.deactivate()) {
        continue;
      }
      forgetLocked(registration);
      addresses.add(registration.address);
      Collections.addAll(addresses, registration.observed);
      observersOfAllChanged |= registration.observesAll;
    }
    everyone.removeRetired();
    for (Address address : addresses) {
      address.removeRetired();
    }
    if (observersOfAllChanged) {
      observersOfAll.removeRetired();
    }
  }

  private void postDead(Object message, Envelope envelope) {
    if (message instanceof DeadMessage || deadMessages.handlers.isEmpty()) {
      return;
    }
    broadcast(new DeadMessage(message, envelope));
  }

  /**
   * Gives {@code failure} to this bus's {@link ErrorHandler}, for failures that happen outside
   * handlers but belong to the bus's program: a bridge that lost its connection, say. The
   * context names {@code source} as its handler and {@code message} (may be null) as the
   * message.
   */
  public void reportError(Throwable failure, String source, Object message) {
    errorHandler.handle(
        Objects.requireNonNull(failure, "failure"),
        new ErrorContext(this, null, Objects.requireNonNull(source, "source"), message));
  }

  void reportFailure(Throwable failure, Subscriber subscriber, Object listener, Object message) {
    errorHandler.handle(
        failure, new ErrorContext(this, listener, subscriber.row.description, message));
  }

  /**
   * Calls an asynchronous handler on an executor thread. There is no poster to propagate to,
   * so an exception from the error handler itself is logged.
   */
  void invokeOffThread(Subscriber subscriber, Object listener, Object message, Envelope envelope) {
    try {
      subscriber.dispatcher.invoke(subscriber.index, listener, message, envelope);
    } catch (VirtualMachineError fatal) {
      throw fatal;
    } catch (Throwable failure) {
      try {
        reportFailure(failure, subscriber, listener, message);
      } catch (RuntimeException | Error unhandled) {
        Logging.logger().log(System.Logger.Level.ERROR,
            "Herald: the error handler threw on an asynchronous handler's failure", unhandled);
      }
    }
  }

  private static IllegalStateException closedError(Object message) {
    return new IllegalStateException("Cannot send " + message + ": the bus is closed");
  }

  private static String noDispatcherMessage(Class<?> type, boolean anyDispatcherKnown) {
    String fixes =
        " Add dev.herald:herald-processor to maven-compiler-plugin's <annotationProcessorPaths>,"
            + " with the plugin's version pinned to 3.5 or newer (Maven 3.8's default, 3.1,"
            + " ignores that setting), or in Gradle: annotationProcessor"
            + " \"dev.herald:herald-processor\". Then build clean (mvn clean verify): an"
            + " incremental build keeps classes compiled without the processor.";
    if (!anyDispatcherKnown) {
      return "Cannot register " + type.getName() + ": Herald found no generated dispatcher at"
          + " all where this class was loaded from (no META-INF/services/"
          + Dispatcher.class.getName() + "), so the code was compiled without Herald's"
          + " annotation processor." + fixes;
    }
    return "Cannot register " + type.getName() + ": Herald found generated dispatchers, but"
        + " none for this class or its superclasses. Either it has no @Subscribe methods (for a"
        + " lambda or method reference, use subscribe(MessageType.class, handler) instead), or"
        + " it was compiled without Herald's annotation processor." + fixes;
  }

  /**
   * The hot path: a plain post to a handler that takes it as it is, on this thread. Its own
   * final class, so that once the dispatch is inlined the compiler knows which visitor it
   * calls and inlines this too.
   */
  private final class PlainDelivery implements HandlerList.Visitor<Subscriber, Object> {
    @Override
    public long visit(Subscriber subscriber, Object message) {
      if (subscriber.plainSync) {
        Object listener = subscriber.listener();
        if (listener != null) {
          try {
            subscriber.dispatcher.deliver(subscriber.index, listener, message);
          } catch (VirtualMachineError fatal) {
            throw fatal;
          } catch (Throwable failure) {
            reportFailure(failure, subscriber, listener, message);
          }
          return subscriber.ran;
        }
      }
      return delivery.visit(subscriber, message);
    }
  }

  /**
   * Everything else: filters, envelopes, replies, asynchronous handlers. The message is the
   * posted object itself for a plain post, or a {@link Sending} for the rest.
   */
  private final class Delivery implements HandlerList.Visitor<Subscriber, Object> {
    @Override
    public long visit(Subscriber subscriber, Object posted) {
      Sending sending = null;
      Object message = posted;
      if (posted.getClass() == Sending.class) {
        sending = (Sending) posted;
        if (!subscriber.accepts(sending)) {
          return 0;
        }
        message = sending.message;
      } else if (!subscriber.receivesPlainPosts) {
        return 0;
      }
      Object listener = subscriber.listener();
      if (listener == null) {
        purgeCollected();
        return 0;
      }
      Envelope envelope = sending == null ? null : sending.envelope;
      if (envelope == null && subscriber.takesEnvelope) {
        // added during this plain post, after it decided it needed no envelope
        envelope = new Envelope(message, null, Address.BROADCAST, Header.BROADCAST, ticker.nanoTime(), frames.get());
      }
      if (subscriber.async) {
        async.submit(subscriber, listener, message, envelope);
      } else {
        try {
          if (subscriber.takesEnvelope || (sending != null && sending.replies != null)) {
            Object reply = subscriber.dispatcher.invoke(subscriber.index, listener, message, envelope);
            if (sending != null) {
              sending.collect(reply);
            }
          } else {
            subscriber.dispatcher.deliver(subscriber.index, listener, message);
          }
        } catch (VirtualMachineError fatal) {
          throw fatal;
        } catch (Throwable failure) {
          reportFailure(failure, subscriber, listener, message);
        }
      }
      return subscriber.ran;
    }
  }

  /** Configures a {@link MessageBus}. Not thread-safe; a builder can build several buses. */
  public static final class Builder {
    private ErrorHandler errorHandler = ErrorHandler.logging();
    private Ticker ticker = Ticker.system();
    private java.util.concurrent.Executor executor;
    private final List<DispatcherIndex> indexes = new ArrayList<>();

    private Builder() {}

    /** Where handler exceptions go; the default is {@link ErrorHandler#logging()}. */
    public Builder errorHandler(ErrorHandler errorHandler) {
      this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
      return this;
    }

    /** Where the bus reads the time; the default is {@link Ticker#system()}. */
    public Builder ticker(Ticker ticker) {
      this.ticker = Objects.requireNonNull(ticker, "ticker");
      return this;
    }

    /**
     * Where {@code @Subscribe(async = true)} handlers run. The default, made on first use, is a
     * pool of daemon threads (it does not keep the JVM alive) that {@link #close()} shuts down;
     * an executor given here is not shut down by the bus.
     */
    public Builder executor(java.util.concurrent.Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /**
     * Adds a dispatcher index to consult before those found through
     * {@link java.util.ServiceLoader}, for environments where service files are lost (a
     * shaded jar that drops them, say). The processor names its index {@code HeraldIndex_…}
     * unless told otherwise with {@code -Aherald.index=com.example.MyIndex}.
     */
    public Builder index(DispatcherIndex index) {
      indexes.add(Objects.requireNonNull(index, "index"));
      return this;
    }

    /** A new bus with this configuration. */
    public MessageBus build() {
      return new MessageBus(this);
    }
  }
}
