package dev.herald;

import dev.herald.spi.DispatcherIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 * <h2>Delivery</h2>
 * {@link #post} calls, on the posting thread and before it returns, every handler whose
 * parameter type is the message's runtime class or a supertype of it, each at most once:
 * higher {@code priority} first, then in registration order. Nested posts are delivered at
 * once, depth first. A message that reaches no handler, or only hidden ones, is posted again
 * wrapped in a {@link DeadMessage}.
 *
 * <h2>Routing</h2>
 * Every registration has an {@link Address}. {@code post} broadcasts anonymously;
 * {@link #post(Object, Header)} and a registration's {@code send} methods can address a
 * message, tag it, and require a receiver. A message sent to an address reaches only the
 * handlers registered at it and those {@linkplain Registration.Builder#observing observing}
 * it (together, by priority), then those observing all traffic; its cost depends on those
 * handlers, not on how many there are on the bus. A handler with {@code @Subscribe(tags)}
 * receives only messages that share one of its tags; a registration made
 * {@linkplain Registration.Builder#onlyFrom only from} a sender, only what that sender sends.
 *
 * <h2>Changes during delivery</h2>
 * A handler unregistered during a delivery is not called from then on, not even for that
 * message; one registered during a delivery on the same thread is called for that message,
 * after the others. A delivery that starts after {@code unregister} returned never calls it.
 *
 * <h2>Listeners, failures, threads</h2>
 * {@link #register} holds the listener weakly: once it is unreachable, its handlers stop
 * running and the bus forgets it; {@link #registerStrongly} and {@link #subscribe} hold
 * theirs strongly. Registering is by identity: the same object twice gets the first
 * registration. A handler that throws does not stop delivery to the others; its exception
 * goes to the {@link ErrorHandler} (by default, logged); {@link VirtualMachineError}s
 * propagate, a {@link StackOverflowError} on the posting thread as a
 * {@link PostChainTooDeepException} that names the chain of nested posts it overflowed in.
 * Every method is thread-safe. {@code post} without a header takes no lock and,
 * once a message class has been seen, allocates nothing.
 *
 * <p>The numbered rules behind this, and which file answers which question, are in the
 * repository's {@code docs/DESIGN.md}.
 */
public final class MessageBus implements AutoCloseable {
  final Registry registry;
  final Delivery delivery;
  private final FrameScheduler scheduler;
  private final Lifecycle lifecycle;
  private final Failures failures;
  /** The options of a plain register and registerStrongly, never changed, so never copied. */
  private final Registration.Builder weakly = new Registration.Builder(this);
  private final Registration.Builder strongly = new Registration.Builder(this).strongly();

  private MessageBus(Builder builder) {
    this.registry = new Registry(this, DispatcherLookup.with(builder.indexes));
    this.failures = new Failures(this, builder.errorHandler);
    AsyncCalls async = new AsyncCalls(failures, builder.executor);
    this.scheduler = new FrameScheduler(builder.ticker);
    this.delivery = new Delivery(registry, scheduler, async, failures, builder.ticker);
    this.lifecycle = new Lifecycle(delivery, scheduler, async);
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
   * at a new address, holding the listener weakly.
   *
   * @return the registration; the existing one if {@code listener} is already registered
   * @throws IllegalArgumentException if no dispatcher was generated for the listener's class
   *     or any superclass (the class has no {@code @Subscribe} methods, or was compiled
   *     without {@code herald-processor})
   */
  public Registration register(Object listener) {
    return weakly.register(listener);
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
    return strongly.register(listener);
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
    return registry.unregister(Objects.requireNonNull(listener, "listener"));
  }

  /**
   * A new address for an entity whose components will be registered at it. It is retired
   * when the last registration at it closes.
   */
  public Address createAddress() {
    return registry.createAddress();
  }

  /**
   * Attaches a peer in another process: returns its endpoint, whose address local code sends
   * to ({@link RemoteLink#send} carries the message) and through which the peer's messages are
   * {@linkplain RemoteEndpoint#deliver delivered} as sent from that address. Sends to a remote
   * address leave at once: a header with a stage or delay, or a {@code request}, is refused.
   */
  public RemoteEndpoint attachRemote(RemoteLink link) {
    return new RemoteEndpoint(delivery, registry, Objects.requireNonNull(link, "link"));
  }

  /**
   * Gives {@code failure}, which happened outside any handler (a bridge to other processes lost
   * its connection, say), to the error handler; the context names {@code source} as the handler.
   */
  public void reportError(Throwable failure, String source, Object message) {
    failures.outside(Objects.requireNonNull(failure, "failure"), Objects.requireNonNull(source, "source"), message);
  }

  /**
   * Broadcasts {@code message} anonymously to every matching handler, on this thread, before
   * returning.
   *
   * @return how many handlers ran (hidden ones included; a handler that threw counts; an
   *     asynchronous one counts once its call is handed to the executor)
   * @throws NullPointerException if {@code message} is null
   */
  public int post(Object message) {
    return delivery.post(message);
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
    return delivery.send(null, message, header, null, null);
  }

  /**
   * Broadcasts {@code message} like {@link #post} and returns the replies: the non-null
   * values that handlers returned which are instances of {@code replyType}, in delivery order,
   * in a new list.
   */
  public <R> List<R> request(Object message, Class<R> replyType) {
    return delivery.request(null, message, Header.BROADCAST, replyType);
  }

  /** Like {@link #request(Object, Class)}, sent as {@code header} says. */
  public <R> List<R> request(Object message, Header header, Class<R> replyType) {
    return delivery.request(null, message, header, replyType);
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
   * Delivers the queued messages that this run of {@code stage} is for: those sent with this
   * stage and due now (by the {@link Ticker} or the {@link #frame() frame}), then those sent
   * with {@link Stage#IMMEDIATE} and a delay that are due now. In each group, frame-delayed
   * (and undelayed staged) messages come first by due frame, then time-delayed ones by due
   * time; ties by send order. Messages queued during the run wait for the next one. A run
   * that delivers nothing costs the same however many messages are waiting.
   *
   * @return how many messages were delivered
   * @throws IllegalArgumentException for {@link Stage#IMMEDIATE}, not a point of the frame
   * @throws BusClosedException if the bus is closed
   */
  public int runStage(Stage stage) {
    return scheduler.runStage(stage, delivery);
  }

  /** How many messages are waiting for a stage run. */
  public int pendingCount() {
    return scheduler.pendingCount();
  }

  /**
   * Closes the bus as {@link #shutdown shutdown(QueuedMessages.DELIVER, 10 seconds)} does, and
   * logs a warning through {@link System.Logger} if anything was left undone.
   */
  @Override
  public void close() {
    lifecycle.close();
  }

  /**
   * Stops the bus: from now on it accepts no message (posting, sending or running a stage
   * throws {@link BusClosedException}, and so does a handler's post during this shutdown,
   * which goes to the error handler). Then it delivers or discards the queued messages as
   * {@code queued} says, and waits up to {@code timeout} for the asynchronous handler calls
   * still to run. Calling it again returns the first report.
   *
   * <p>A post that another thread began before the shutdown is not waited for: its
   * synchronous handlers run on that thread, and the bus does not count posts in flight (that
   * would cost every post). Its asynchronous calls are taken, and waited for, until the queued
   * messages are delivered; from then on that post is refused with a
   * {@link BusClosedException} at its first asynchronous handler. When this method returns, no
   * asynchronous handler call of this bus starts any more: a call taken but not started by
   * the end of the wait never runs, and is counted in
   * {@link ShutdownReport#unfinishedAsync()} with those still running.
   *
   * <p>Every queued message is accounted for in the report: delivered, discarded, or failed
   * (its delivery threw out of the bus: the error handler rethrew, or an {@code Error}); the
   * messages after a failed one are still delivered. Once the report is made, the first such
   * throwable is thrown from here (later ones suppressed in it, a checked one wrapped in an
   * {@link IllegalStateException}); {@code shutdown} or {@code close} again returns the report.
   *
   * @return what was delivered and what was not
   */
  public ShutdownReport shutdown(QueuedMessages queued, Duration timeout) {
    return lifecycle.shutdown(queued, timeout);
  }

  /** Whether {@link #close} or {@link #shutdown} has been called. */
  public boolean isClosed() {
    return !delivery.isAccepting();
  }

  @Override
  public String toString() {
    return "MessageBus[" + registry.listenerCount() + " listeners, " + registry.handlerCount() + " handlers]";
  }

  /** Configures a {@link MessageBus}. Not thread-safe; a builder can build several buses. */
  public static final class Builder {
    private ErrorHandler errorHandler = ErrorHandler.logging();
    private Ticker ticker = Ticker.system();
    private Executor executor;
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
    public Builder executor(Executor executor) {
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
