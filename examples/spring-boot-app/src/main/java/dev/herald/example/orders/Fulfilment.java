package dev.herald.example.orders;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Fulfils orders on the {@code fulfilment} lane ({@code herald.lanes.fulfilment} names the executor
 * bean), one at a time in the order they were placed, off the HTTP request's thread. An instance
 * started with {@code orders.fulfilment.enabled=false} only takes orders and leaves them to the
 * instances that fulfil them (the {@code nats} profile).
 */
@Component
@ConditionalOnProperty(name = "orders.fulfilment.enabled", matchIfMissing = true)
public class Fulfilment {
  private final MessageBus bus;

  public Fulfilment(MessageBus bus) {
    this.bus = bus;
  }

  @Subscribe(lane = "fulfilment")
  void fulfil(OrderPlaced order) {
    // A real service reserves stock and books a courier here.
    bus.post(new OrderFulfilled(order));
  }
}
