package dev.herald.example.orders;

import dev.herald.MessageBus;
import dev.herald.Registration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Watches a bus for {@link OrderFulfilled} and records, per order, the thread that posted it: its
 * handlers run on that thread, so for a fulfilment made here it is the lane's.
 */
final class FulfilmentProbe implements AutoCloseable {
  private final Map<UUID, CompletableFuture<Thread>> threads = new ConcurrentHashMap<>();
  private final Registration registration;

  FulfilmentProbe(MessageBus bus) {
    registration = bus.subscribe(OrderFulfilled.class, this::seen);
  }

  /** Waits, ten seconds at most, for {@code id}'s fulfilment; the thread it was posted on. */
  Thread awaitFulfilment(UUID id) throws Exception {
    return of(id).get(10, TimeUnit.SECONDS);
  }

  private void seen(OrderFulfilled fulfilled) {
    of(fulfilled.order().id()).complete(Thread.currentThread());
  }

  private CompletableFuture<Thread> of(UUID id) {
    return threads.computeIfAbsent(id, unused -> new CompletableFuture<>());
  }

  @Override
  public void close() {
    registration.close();
  }
}
