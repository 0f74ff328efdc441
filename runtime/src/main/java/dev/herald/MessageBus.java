package dev.herald;

import dev.herald.spi.DispatcherIndex;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
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
 * Every method is thread-safe. {@code post} takes no lock and, once a message class has been
 * seen, allocates nothing; registering and unregistering copy the affected handler lists.
 */
public final class MessageBus {
  private static final long HANDLER_RAN = 1;
  private static final long RECEIVER_RAN = 1L << 32 | 1;

  private final ErrorHandler errorHandler;
  private final DispatcherLookup lookup;
  private final Delivery delivery = new Delivery();
  private final Stamps stamps = new Stamps();
  private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

  private final Object lock = new Object();
  private final ListenerTable listeners = new ListenerTable();
  private final Map<Class<?>, HandlerType> handlerTypes = new HashMap<>();
  private final Map<Class<?>, Route> routes = new ConcurrentHashMap<>();
  /** The route used last; a racy cache is fine because a route never changes its class. */
  private Route lastRoute;

  private MessageBus(Builder builder) {
    this.errorHandler = builder.errorHandler;
    this.lookup = DispatcherLookup.with(builder.indexes);
    this.lastRoute = new Route(void.class, stamps);
  }

  /** A bus that logs handler failures and finds dispatchers through {@code ServiceLoader}. */
  public static MessageBus create() {
    return builder().build();
  }

  /** Starts configuring a bus. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Registers every {@code @Subscribe} method of {@code listener}, including inherited ones,
   * holding the listener weakly.
   *
   * @return the registration; the existing one if {@code listener} is already registered
   * @throws IllegalArgumentException if no dispatcher was generated for the listener's class
   *     or any superclass (the class has no {@code @Subscribe} methods, or was compiled
   *     without {@code herald-processor})
   */
  public Registration register(Object listener) {
    return register(listener, false);
  }

  /**
   * Like {@link #register}, but holds {@code listener} strongly, for listeners nobody else
   * holds; it stays registered until closed.
   */
  public Registration registerStrongly(Object listener) {
    return register(listener, true);
  }

  /**
   * Calls {@code handler} with every message whose class is {@code type} or a subtype,
   * holding it strongly until the registration is closed. Each call makes a new
   * registration, even for the same function.
   */
  public <T> Registration subscribe(Class<T> type, Consumer<? super T> handler) {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(handler, "handler");
    if (type.isPrimitive()) {
      throw new IllegalArgumentException(
          "Cannot subscribe to " + type + ": messages are objects; subscribe to its wrapper class");
    }
    ListenerType listenerType =
        ListenerType.compose(
            type,
            new SubscriptionDispatcher(type),
            ListenerType.withoutDispatcher(Consumer.class));
    synchronized (lock) {
      purgeCollectedLocked();
      Registration registration =
          new Registration(this, handler, true, listenerType, stamps, collected);
      addLocked(registration);
      return registration;
    }
  }

  /**
   * Unregisters {@code listener} (by identity).
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
   * Delivers {@code message} to every matching handler, on this thread, before returning.
   *
   * @return how many handlers ran (hidden ones included; a handler that threw counts)
   * @throws NullPointerException if {@code message} is null
   */
  public int post(Object message) {
    if (message == null) {
      throw new NullPointerException("Cannot post null: a message must be an object");
    }
    long ran = routeFor(message.getClass()).handlers.dispatch(message, delivery);
    if (ran >>> 32 == 0 && !(message instanceof DeadMessage)) {
      Route dead = routeFor(DeadMessage.class);
      if (!dead.handlers.isEmpty()) {
        dead.handlers.dispatch(new DeadMessage(message), delivery);
      }
    }
    return (int) ran;
  }

  @Override
  public String toString() {
    synchronized (lock) {
      return "MessageBus[" + listeners.size() + " listeners, " + subscriberCount() + " handlers]";
    }
  }

  /** How many handlers are registered; for tests of the cleanup. */
  int subscriberCount() {
    synchronized (lock) {
      int count = 0;
      for (HandlerType type : handlerTypes.values()) {
        count += type.subscribers.size();
      }
      return count;
    }
  }

  /** How many listeners are registered by identity; for tests of the cleanup. */
  int listenerCount() {
    synchronized (lock) {
      return listeners.size();
    }
  }

  /** How many handler-list entries all routes hold; for tests of the cleanup. */
  int routeEntryCount() {
    synchronized (lock) {
      int count = 0;
      for (Route route : routes.values()) {
        count += route.handlers.size();
      }
      return count;
    }
  }

  /** Forgets listeners that were collected; called on the rare paths. */
  void purgeCollected() {
    synchronized (lock) {
      purgeCollectedLocked();
    }
  }

  void remove(Registration registration) {
    synchronized (lock) {
      removeLocked(registration);
    }
  }

  private Registration register(Object listener, boolean strong) {
    Objects.requireNonNull(listener, "listener");
    ListenerType type = lookup.typeOf(listener.getClass());
    if (!type.hasDispatcher()) {
      throw new IllegalArgumentException(noDispatcherMessage(listener.getClass()));
    }
    synchronized (lock) {
      purgeCollectedLocked();
      Registration existing = listeners.get(listener);
      if (existing != null) {
        return existing;
      }
      Registration registration =
          new Registration(this, listener, strong, type, stamps, collected);
      listeners.put(registration);
      addLocked(registration);
      return registration;
    }
  }

  private void addLocked(Registration registration) {
    for (Subscriber subscriber : registration.subscribers) {
      if (subscriber.tagged) {
        continue; // a plain post carries no tags, so a tagged handler is on no route
      }
      HandlerType type = handlerTypeLocked(subscriber.messageType);
      type.subscribers.add(subscriber);
      for (Route route : type.routes) {
        route.handlers.add(subscriber);
      }
    }
  }

  private boolean removeLocked(Registration registration) {
    if (!registration.deactivate()) {
      return false;
    }
    listeners.remove(registration);
    for (Subscriber subscriber : registration.subscribers) {
      HandlerType type = handlerTypes.get(subscriber.messageType);
      if (type == null || !type.subscribers.remove(subscriber)) {
        continue;
      }
      for (Route route : type.routes) {
        route.handlers.remove(subscriber);
      }
    }
    return true;
  }

  private void purgeCollectedLocked() {
    Reference<?> reference;
    while ((reference = collected.poll()) != null) {
      removeLocked(((Registration.WeakListener) reference).registration);
    }
  }

  private HandlerType handlerTypeLocked(Class<?> type) {
    HandlerType handlerType = handlerTypes.get(type);
    if (handlerType == null) {
      handlerType = new HandlerType(type);
      for (Route route : routes.values()) {
        if (handlerType.matches(route.messageClass)) {
          handlerType.routes.add(route);
        }
      }
      handlerTypes.put(type, handlerType);
    }
    return handlerType;
  }

  private Route routeFor(Class<?> messageClass) {
    Route route = lastRoute;
    if (route.messageClass != messageClass) {
      route = routes.get(messageClass);
      if (route == null) {
        route = createRoute(messageClass);
      }
      lastRoute = route;
    }
    return route;
  }

  private Route createRoute(Class<?> messageClass) {
    synchronized (lock) {
      Route route = routes.get(messageClass);
      if (route != null) {
        return route;
      }
      route = new Route(messageClass, stamps);
      List<Subscriber> matching = new ArrayList<>();
      for (HandlerType type : handlerTypes.values()) {
        if (type.matches(messageClass)) {
          type.routes.add(route);
          matching.addAll(type.subscribers);
        }
      }
      route.handlers.addAll(matching);
      routes.put(messageClass, route);
      return route;
    }
  }

  private static String noDispatcherMessage(Class<?> type) {
    return "Cannot register "
        + type.getName()
        + ": Herald found no generated dispatcher for it or its superclasses. Either it has no"
        + " @Subscribe methods, or it was compiled without Herald's annotation processor: add"
        + " dev.herald:herald-processor to maven-compiler-plugin's <annotationProcessorPaths>"
        + " (Gradle: annotationProcessor \"dev.herald:herald-processor\"). For a lambda or"
        + " method reference, use subscribe(MessageType.class, handler) instead.";
  }

  /** Calls one subscriber and reports what it did; the bus's half of every dispatch. */
  private final class Delivery implements HandlerList.Visitor<Subscriber, Object> {
    @Override
    public long visit(Subscriber subscriber, Object message) {
      Object listener = subscriber.registration.listener();
      if (listener == null) {
        purgeCollected();
        return 0;
      }
      try {
        subscriber.row.dispatcher.invoke(subscriber.row.index, listener, message);
      } catch (VirtualMachineError fatal) {
        throw fatal;
      } catch (Throwable failure) {
        errorHandler.handle(
            failure, new ErrorContext(MessageBus.this, listener, subscriber.row.description, message));
      }
      return subscriber.hidden ? HANDLER_RAN : RECEIVER_RAN;
    }
  }

  /** Configures a {@link MessageBus}. Not thread-safe; a builder can build several buses. */
  public static final class Builder {
    private ErrorHandler errorHandler = ErrorHandler.logging();
    private final List<DispatcherIndex> indexes = new ArrayList<>();

    private Builder() {}

    /** Where handler exceptions go; the default is {@link ErrorHandler#logging()}. */
    public Builder errorHandler(ErrorHandler errorHandler) {
      this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
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
