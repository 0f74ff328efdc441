package dev.herald;

import dev.herald.spi.DispatcherIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/** Configures a {@link MessageBus}. Not thread-safe; a builder can build several buses. */
public final class MessageBusBuilder {
  ErrorHandler errorHandler = ErrorHandler.logging();
  Ticker ticker = Ticker.system();
  Executor executor;
  final List<DispatcherIndex> indexes = new ArrayList<>();
  final Map<String, Executor> lanes = new LinkedHashMap<>();
  boolean serializedHandlers;
  NestedPosts nestedPosts = NestedPosts.DEPTH_FIRST;
  int stickyCapacity = 1_000;
  Duration stickyExpiry;

  MessageBusBuilder() {}

  /** Where handler exceptions go; the default is {@link ErrorHandler#logging()}. */
  public MessageBusBuilder errorHandler(ErrorHandler errorHandler) {
    this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
    return this;
  }

  /** Where the bus reads the time; the default is {@link Ticker#system()}. */
  public MessageBusBuilder ticker(Ticker ticker) {
    this.ticker = Objects.requireNonNull(ticker, "ticker");
    return this;
  }

  /**
   * Where {@code @Subscribe(async = true)} handlers run: by default a pool of daemon threads
   * made on first use, which {@link MessageBus#close()} shuts down; one given here, the bus does not.
   */
  public MessageBusBuilder executor(Executor executor) {
    this.executor = Objects.requireNonNull(executor, "executor");
    return this;
  }

  /**
   * Adds an index to consult before {@link java.util.ServiceLoader}'s, where service files are
   * lost (a shaded jar): the processor names it {@code HeraldIndex_…}, or as told by
   * {@code -Aherald.index=com.example.MyIndex}.
   */
  public MessageBusBuilder index(DispatcherIndex index) {
    indexes.add(Objects.requireNonNull(index, "index"));
    return this;
  }

  /**
   * Serializes every handler on the posting thread, as Guava's {@code EventBus} does: calls
   * to one handler of one listener never overlap, unless it is
   * {@code @Subscribe(concurrent = true)} (Guava's {@code @AllowConcurrentEvents}). Without
   * this, the default, handlers run whenever their threads post, at the same time, and only
   * {@code @Subscribe(serialized = true)} handlers and serialized registrations are
   * serialized.
   */
  public MessageBusBuilder serializedHandlers() {
    this.serializedHandlers = true;
    return this;
  }

  /**
   * When a message posted by a handler is delivered: {@link NestedPosts#DEPTH_FIRST} (the
   * default) or {@link NestedPosts#BREADTH_FIRST} (Guava's and greenrobot's order).
   */
  public MessageBusBuilder nestedPosts(NestedPosts order) {
    this.nestedPosts = Objects.requireNonNull(order, "order");
    return this;
  }

  /**
   * A delivery lane named {@code name}, on {@code executor} ({@code Platform::runLater},
   * {@code SwingUtilities::invokeLater}, a single-thread executor): handlers marked
   * {@code @Subscribe(lane = name)}, or registered {@linkplain Registration.Builder#onLane on
   * it}, receive there, each message once for all of them, in the order posted, one call at a
   * time. The bus does not shut the executor down.
   *
   * @throws IllegalArgumentException if the name is empty or taken
   */
  public MessageBusBuilder lane(String name, Executor executor) {
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
  public MessageBusBuilder stickyCapacity(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("The sticky capacity must be at least 1: " + capacity);
    }
    this.stickyCapacity = capacity;
    return this;
  }

  /** How long a sticky message is replayed after it was kept (by the bus's ticker); default: always. */
  public MessageBusBuilder stickyExpiry(Duration expiry) {
    Objects.requireNonNull(expiry, "expiry");
    if (expiry.isNegative() || expiry.isZero()) {
      throw new IllegalArgumentException("A sticky expiry must be positive: " + expiry);
    }
    this.stickyExpiry = expiry;
    return this;
  }

  /** A new bus with this configuration. */
  public MessageBus build() {
    return new MessageBus(this);
  }
}
