package dev.herald.example.orders;

import dev.herald.annotation.Subscribe;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Keeps every order's status, and answers {@link StatusQuery} with it. Its handlers run on the
 * thread that posts: the HTTP request's for {@link OrderPlaced}, the lane's for {@link
 * OrderFulfilled}, the NATS client's for what another instance exported.
 */
@Component
public class OrderBook {
  private final Map<UUID, OrderStatus> orders = new ConcurrentHashMap<>();

  @Subscribe
  void placed(OrderPlaced order) {
    // Over NATS the fulfilment may come back before this instance's own handlers ran: keep it.
    orders.putIfAbsent(order.id(), OrderStatus.of(order, OrderStatus.State.PLACED));
  }

  @Subscribe
  void fulfilled(OrderFulfilled fulfilled) {
    orders.put(
        fulfilled.order().id(), OrderStatus.of(fulfilled.order(), OrderStatus.State.FULFILLED));
  }

  /** The reply to {@code bus.request(query, OrderStatus.class)}; none for an unknown order. */
  @Subscribe
  OrderStatus status(StatusQuery query) {
    return orders.get(query.id());
  }
}
