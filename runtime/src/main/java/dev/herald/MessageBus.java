package dev.herald;

import dev.herald.internal.BridgeAccess;
import dev.herald.internal.generated.DispatcherIndex;
import dev.herald.time.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
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
 * <p>{@link #post} calls, on the posting thread and before it returns, every handler whose
 * parameter type is the message's runtime class or a supertype of it, each at most once: higher
 * {@code priority} first, then in registration order; nested posts at once, depth first, unless the
 * bus is built with {@link NestedPosts#BREADTH_FIRST}. Handlers on the posting thread are not
 * serialized unless asked ({@link Builder#serializedHandlers()}, {@code @Subscribe(serialized =
 * true)}, {@link Registration.Builder#serialized()}). What reaches no handler, or only hidden ones,
 * is posted again as a {@link DeadMessage}. A handler unregistered during a delivery is not called
 * from then on, even for that message; one registered during a delivery on the same thread is
 * called for it, after the others.
 *
 * <p>Every registration has an {@link Address}. {@code post} broadcasts anonymously; {@link
 * #post(Object, Header)} and a registration's {@code send} can address a message, tag it and
 * require a receiver. A message sent to an address reaches only the handlers there and those
 * {@linkplain Registration.Builder#observing observing} it, then those observing all traffic, at a
 * cost that does not grow with the handlers elsewhere on the bus.
 *
 * <p>A handler that throws does not stop the others: its exception goes to the {@link
 * ErrorHandler}; {@link VirtualMachineError}s propagate, a {@link StackOverflowError} on the
 * posting thread as a {@link PostChainTooDeepException}. Every method is thread-safe; {@code post}
 * without a header, to handlers that run unserialized on the posting thread, takes no lock and,
 * once a message class has been seen, allocates nothing.
 *
 * <p>The numbered rules behind this, and which file answers which question, are in the repository's
 * {@code docs/DESIGN.md}.
 *
 * @since 0.1
 */
public final class MessageBus implements AutoCloseable {
  static {
    // the bridge SPI's way in (Bridge.of), installed before any bus exists
    BridgeAccess.install(new BusBridge.Access());
  }

  final Registry registry;
  final Router router;
  final PlainPosts plainPosts;
  private final FrameScheduler scheduler;
  private final AsyncCalls async;
  private final Lifecycle lifecycle;
  final Failures failures;
  final StickyMessages sticky;

  /** Where this bus reads the time; a bridge builds its network on the same ticker. */
  final Ticker ticker;

  /** Guava's rule: every handler not marked concurrent is serialized. */
  final boolean serializedHandlers;

  /** Whether registerIfListener refuses a class marked only with another bus's annotation. */
  final boolean refusesForeignSubscribe;

  /** The lanes by name, fixed when the bus is built. */
  final Map<String, Lane> lanes;

  /** The options of a plain register and registerWeakly, never changed, so never copied. */
  private final Registration.Builder weakly = new Registration.Builder(this).weakly();

  private final Registration.Builder strongly = new Registration.Builder(this);

  MessageBus(Builder builder) {
    this.serializedHandlers = builder.serializedHandlers;
    this.refusesForeignSubscribe = !builder.ignoreForeignSubscribe;
    this.ticker = builder.ticker;
    this.registry = new Registry(this, DispatcherLookup.with(builder.indexes));
    this.failures = new Failures(this, builder.errorHandler);
    this.async = new AsyncCalls(failures, builder.executor, builder.queueDepthThreshold);
    this.lanes = Lane.named(builder.lanes, failures, async, builder.queueDepthThreshold);
    this.scheduler = new FrameScheduler(builder.ticker);
    this.router = new Router(registry, scheduler, async, failures, builder);
    this.plainPosts = router.plainPosts();
    this.lifecycle = new Lifecycle(router, scheduler, async);
    this.sticky = new StickyMessages(this, builder);
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
   * Registers every {@code @Subscribe} method of {@code listener}, including inherited ones and
   * those of its interfaces, at a new address, holding the listener strongly until the registration
   * is closed or the listener unregistered (Guava's and greenrobot's rule: a listener made only to
   * be registered keeps receiving).
   *
   * @return the registration; the existing one if {@code listener} is already registered
   * @throws IllegalArgumentException if no dispatcher was generated for the listener's class or any
   *     superclass (the class has no {@code @Subscribe} methods, or was compiled without {@code
   *     herald-processor}), or if a class of its hierarchy carries {@code @Subscribe} methods and
   *     no dispatcher; the message says which and how to fix the build, and names another bus's
   *     annotation left over from a port
   */
  public Registration register(Object listener) {
    return strongly.register(listener);
  }

  /**
   * Registers {@code listener} at {@code address}, shared with the other registrations there;
   * throws {@link IllegalStateException} if the address is retired.
   */
  public Registration register(Object listener, Address address) {
    return registration().at(address).register(listener);
  }

  /**
   * Like {@link #register(Object)}, but holds {@code listener} weakly: once nothing else references
   * it, its handlers stop running and the bus forgets it, with no {@code close} or {@code
   * unregister} needed. For objects with a life of their own (game entities, screens); never for a
   * listener made only to be registered, which would stop receiving at the next garbage collection.
   */
  public Registration registerWeakly(Object listener) {
    return weakly.register(listener);
  }

  /**
   * Registers {@code listener} if it has handlers; otherwise does nothing and returns empty, as
   * Guava's {@code register} does: see {@link Registration.Builder#registerIfListener}.
   */
  public Optional<Registration> registerIfListener(Object listener) {
    return strongly.registerIfListener(listener);
  }

  /**
   * Whether {@link #registerIfListener} would register an object of exactly this class: a
   * dispatcher was generated for it, a superclass or an interface. For containers that decide once
   * per class, before any instance exists (a Guice {@code TypeListener}).
   *
   * @throws IllegalArgumentException where {@code registerIfListener} throws: the class's code
   *     marks handlers that would never run
   */
  public boolean hasHandlers(Class<?> type) {
    return registry
        .lookup()
        .hasHandlers(Objects.requireNonNull(type, "type"), refusesForeignSubscribe);
  }

  /** The sticky messages this bus keeps for handlers that register later. */
  public StickyMessages sticky() {
    return sticky;
  }

  /**
   * Calls {@code handler} with every message of class {@code type} or a subtype, holding it
   * strongly until closed; each call makes a new registration, even for the same function.
   */
  public <T> Registration subscribe(Class<T> type, Consumer<? super T> handler) {
    return registration().subscribe(type, handler);
  }

  /** Starts a registration with routing options: address, sender filter, observation. */
  public Registration.Builder registration() {
    return new Registration.Builder(this);
  }

  /** Unregisters {@code listener} (by identity), releasing its names; false if not registered. */
  public boolean unregister(Object listener) {
    return registry.unregister(Objects.requireNonNull(listener, "listener"));
  }

  /** A new address for an entity's components, retired when the last registration there closes. */
  public Address createAddress() {
    return registry.createAddress();
  }

  /**
   * Broadcasts {@code message} anonymously to every matching handler, on this thread.
   *
   * @return how many handlers ran, hidden, throwing and asynchronous (handed over) ones too
   * @throws NullPointerException if {@code message} is null
   */
  public int post(Object message) {
    return plainPosts.post(message);
  }

  /**
   * Sends {@code message} anonymously as {@code header} says: at once, or queued for a stage run if
   * the header gives a stage or a delay.
   *
   * @return how many handlers ran; 0 for a queued message
   * @throws IllegalArgumentException if the header is addressed to {@link Address#SELF} (an
   *     anonymous post has no address of its own) or to another bus's address
   */
  public int post(Object message, Header header) {
    return router.send(null, message, header);
  }

  /**
   * Broadcasts {@code message} like {@link #post}; returns the handlers' non-null replies of type
   * {@code replyType} in delivery order, in a new list (or {@code List.of()} if none).
   */
  public <R> List<R> request(Object message, Class<R> replyType) {
    return router.request(null, message, Header.BROADCAST, replyType);
  }

  /** Like {@link #request(Object, Class)}, sent as {@code header} says. */
  public <R> List<R> request(Object message, Header header, Class<R> replyType) {
    return router.request(null, message, header, replyType);
  }

  /** The current frame: how many times {@link #endFrame()} has been called. */
  public long frame() {
    return scheduler.frame();
  }

  /** Ends the frame: call it once per frame, after its last stage; frame delays count it. */
  public void endFrame() {
    scheduler.endFrame();
  }

  /**
   * Delivers the queued messages due now (by the {@link Ticker} or the {@link #frame() frame}) that
   * were sent with this stage, then those sent with {@link Stage#IMMEDIATE} and a delay; in each
   * group, frame-delayed (and undelayed) ones by due frame, then time-delayed ones by due time,
   * ties by send order. Messages queued during the run wait for the next one; a run that delivers
   * nothing costs the same however many wait.
   *
   * @return how many messages were delivered
   * @throws IllegalArgumentException for {@link Stage#IMMEDIATE}, not a point of the frame
   * @throws BusClosedException if the bus is closed
   */
  public int runStage(Stage stage) {
    return scheduler.runStage(stage, router);
  }

  /** How many messages are waiting for a stage run. */
  public int pendingCount() {
    return scheduler.pendingCount();
  }

  /**
   * Closes the bus as {@link #shutdown shutdown(QueuedMessages.DELIVER, 10 seconds)} does, and logs
   * a warning through {@link System.Logger} if anything was left undone.
   */
  @Override
  public void close() {
    lifecycle.close();
  }

  /**
   * Stops the bus: from now on it accepts no message (posting, sending or running a stage throws
   * {@link BusClosedException}, and so does a handler's post during this shutdown, which goes to
   * the error handler). Then it delivers or discards the queued messages as {@code queued} says,
   * and waits up to {@code timeout} for the asynchronous handler calls still to run. Calling it
   * again returns the first report.
   *
   * <p>A post that another thread began before the shutdown is not waited for: its synchronous
   * handlers run on that thread, and the bus does not count posts in flight (that would cost every
   * post). Its asynchronous calls are taken, and waited for, until the queued messages are
   * delivered; from then on that post is refused with a {@link BusClosedException} at its first
   * asynchronous handler. When the wait ends, no asynchronous or lane handler call of this bus
   * starts any more: a call taken but not started by then never runs, and is counted in {@link
   * ShutdownReport#unfinishedAsync()} with those still running (one starting at that very instant
   * may enter its handler as this method returns, and is counted as running).
   *
   * <p>Every queued message is accounted for in the {@link ShutdownReport}, which says what is
   * thrown from here when the delivery of one failed; {@code shutdown} again returns the report.
   *
   * @return what was delivered and what was not
   */
  public ShutdownReport shutdown(QueuedMessages queued, Duration timeout) {
    return lifecycle.shutdown(queued, timeout);
  }

  /** Whether {@link #close} or {@link #shutdown} has been called. */
  public boolean isClosed() {
    return !router.isAccepting();
  }

  /**
   * What the bus holds now, as a consistent snapshot and a readable table ({@link BusDescription}).
   * Costs a copy of the handler table: for people and diagnostics, not for every frame.
   */
  public BusDescription describe() {
    return registry.describe(sticky.describe());
  }

  /** Counts since the bus was built, and sizes and queue depths now, for metrics. */
  public BusStatistics statistics() {
    return BusStatistics.of(failures, sticky, async, lanes, scheduler);
  }

  @Override
  public String toString() {
    return "MessageBus["
        + registry.listenerCount()
        + " listeners, "
        + registry.handlerCount()
        + " handlers]";
  }

  /**
   * Configures a {@link MessageBus}. Not thread-safe; a builder can build several buses.
   *
   * @since 0.1
   */
  public static final class Builder {
    ErrorHandler errorHandler = ErrorHandler.logging();
    Ticker ticker = Ticker.system();
    Executor executor;
    final List<DispatcherIndex> indexes = new ArrayList<>();
    final Map<String, Executor> lanes = new LinkedHashMap<>();
    boolean serializedHandlers;
    boolean ignoreForeignSubscribe;
    NestedPosts nestedPosts = NestedPosts.DEPTH_FIRST;
    int stickyCapacity = 1_000;
    Duration stickyExpiry;
    boolean postEvents;
    int queueDepthThreshold = 1_000;

    Builder() {}

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
     * Where {@code @Subscribe(async = true)} handlers run: by default a pool of daemon threads made
     * on first use, which {@link MessageBus#close()} shuts down; one given here, the bus does not.
     */
    public Builder executor(Executor executor) {
      this.executor = Objects.requireNonNull(executor, "executor");
      return this;
    }

    /**
     * Adds an index to consult before {@link java.util.ServiceLoader}'s, where service files are
     * lost (a shaded jar): the class the processor writes when told {@code
     * -Aherald.index=com.example.MyIndex}; without that option it writes none.
     */
    public Builder index(DispatcherIndex index) {
      indexes.add(Objects.requireNonNull(index, "index"));
      return this;
    }

    /**
     * Lets {@link MessageBus#registerIfListener} and {@link MessageBus#hasHandlers} skip, rather
     * than refuse, an object whose class carries only another bus's subscribing annotation
     * (Guava's, greenrobot's, Otto's, MBassador's, artemis-odb's): for an application that keeps
     * some classes on that bus on purpose while it moves to Herald. By default they are refused,
     * since an annotation left over from a port would otherwise never receive, in silence. {@code
     * register} refuses them either way (they have no handlers), and Herald's own {@code Subscribe}
     * without a dispatcher is always refused.
     */
    public Builder ignoreForeignSubscribe() {
      this.ignoreForeignSubscribe = true;
      return this;
    }

    /**
     * Serializes every handler on the posting thread, as Guava's {@code EventBus} does: calls to
     * one handler of one listener never overlap, unless it is {@code @Subscribe(concurrent = true)}
     * (Guava's {@code @AllowConcurrentEvents}). Without this, the default, handlers run whenever
     * their threads post, at the same time, and only {@code @Subscribe(serialized = true)} handlers
     * and serialized registrations are serialized.
     */
    public Builder serializedHandlers() {
      this.serializedHandlers = true;
      return this;
    }

    /**
     * When a message posted by a handler is delivered: {@link NestedPosts#DEPTH_FIRST} (the
     * default) or {@link NestedPosts#BREADTH_FIRST} (Guava's and greenrobot's order).
     */
    public Builder nestedPosts(NestedPosts order) {
      this.nestedPosts = Objects.requireNonNull(order, "order");
      return this;
    }

    /**
     * A delivery lane named {@code name}, on {@code executor} ({@code Platform::runLater}, {@code
     * SwingUtilities::invokeLater}, a single-thread executor): handlers marked
     * {@code @Subscribe(lane = name)}, or registered {@linkplain Registration.Builder#onLane on
     * it}, receive there, each message once for all of them, in the order posted, one call at a
     * time. The bus does not shut the executor down.
     *
     * @throws IllegalArgumentException if the name is empty or taken
     */
    public Builder lane(String name, Executor executor) {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(executor, "executor");
      if (name.isBlank()) {
        throw new IllegalArgumentException("A lane's name must not be blank");
      }
      if (lanes.putIfAbsent(name, executor) != null) {
        throw new IllegalArgumentException("There is a lane named \"" + name + "\" already");
      }
      return this;
    }

    /**
     * How many {@linkplain MessageBus#sticky() sticky messages} the bus keeps at most (1,000 by
     * default); keeping one more forgets the one kept least recently.
     */
    public Builder stickyCapacity(int capacity) {
      if (capacity < 1) {
        throw new IllegalArgumentException("The sticky capacity must be at least 1: " + capacity);
      }
      this.stickyCapacity = capacity;
      return this;
    }

    /**
     * How long a sticky message is replayed after it was kept (by the bus's ticker); default:
     * always.
     */
    public Builder stickyExpiry(Duration expiry) {
      Objects.requireNonNull(expiry, "expiry");
      if (expiry.isNegative() || expiry.isZero()) {
        throw new IllegalArgumentException("A sticky expiry must be positive: " + expiry);
      }
      this.stickyExpiry = expiry;
      return this;
    }

    /**
     * Whether each plain {@link MessageBus#post(Object)} is recorded as a {@code dev.herald.Post}
     * JDK Flight Recorder event (message type, handlers run, duration) while a recording enables
     * that event; off by default. With it on, a post that no recording wants costs one check; with
     * it off, the bus's posts run no code of the event at all. The failure, dead-message, queue and
     * shutdown events ({@code dev.herald.*}) are recorded either way, on their own rare paths.
     */
    public Builder postEvents(boolean record) {
      this.postEvents = record;
      return this;
    }

    /**
     * The depth at which a lane's queue, or the asynchronous calls not yet finished, are recorded
     * as a {@code dev.herald.QueueDepth} JDK Flight Recorder event: each time the depth reaches it
     * from below, not for every message above it. 1,000 by default.
     *
     * @throws IllegalArgumentException if {@code depth} is less than 1
     */
    public Builder queueDepthThreshold(int depth) {
      if (depth < 1) {
        throw new IllegalArgumentException("A queue depth threshold must be at least 1: " + depth);
      }
      this.queueDepthThreshold = depth;
      return this;
    }

    /** A new bus with this configuration. */
    public MessageBus build() {
      return new MessageBus(this);
    }
  }
}
