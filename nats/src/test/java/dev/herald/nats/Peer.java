package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.herald.Address;
import dev.herald.MessageBus;
import dev.herald.bridge.Bridge;
import dev.herald.testing.NatsServer;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** One "process" of a test: a bus, what its error handler received, and its bridge. */
final class Peer implements AutoCloseable {
  /** How long a test waits for something that should happen; a bound, never a delay. */
  static final long PATIENCE_SECONDS = 15;

  /** How often the tests' bridges announce their last numbers (a second by default). */
  static final java.time.Duration ANNOUNCE_INTERVAL = java.time.Duration.ofMillis(100);

  final MessageBus bus;
  final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
  NatsBridge bridge;

  Peer() {
    bus = MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();
  }

  /** A message as a handler saw it, with the envelope's sender. */
  record Delivered<T>(T message, Address from) {}

  /** Every message of {@code type} delivered on this bus from now on, in order. */
  <T> BlockingQueue<Delivered<T>> record(Class<T> type) {
    BlockingQueue<Delivered<T>> seen = new LinkedBlockingQueue<>();
    Bridge.of(bus)
        .respond(
            type,
            (message, envelope) -> {
              seen.add(new Delivered<>(message, envelope.from()));
              return List.of();
            });
    return seen;
  }

  NatsBridge.Builder bridge(NatsServer server) {
    return NatsBridge.builder(bus)
        .server(server.url())
        .reconnectWait(java.time.Duration.ofMillis(50))
        .announceInterval(ANNOUNCE_INTERVAL);
  }

  Peer start(NatsBridge.Builder builder) throws Exception {
    bridge = builder.start();
    return this;
  }

  /** The next element, waiting at most {@link #PATIENCE_SECONDS}. */
  static <T> T next(BlockingQueue<T> queue) throws InterruptedException {
    T element = queue.poll(PATIENCE_SECONDS, TimeUnit.SECONDS);
    assertNotNull(element, "nothing arrived within " + PATIENCE_SECONDS + " s");
    return element;
  }

  /** The next error of type {@code type}, skipping others, waiting at most the patience. */
  <E extends Throwable> E nextError(Class<E> type) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
    for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
      Throwable error = errors.poll(left, TimeUnit.NANOSECONDS);
      if (type.isInstance(error)) {
        return type.cast(error);
      }
    }
    throw new AssertionError(
        "no " + type.getSimpleName() + " within " + PATIENCE_SECONDS + " s; left: " + errors);
  }

  @Override
  public void close() throws Exception {
    if (bridge != null) {
      bridge.close();
    }
    bus.close();
  }
}
