package dev.herald.example.orders;

import java.util.UUID;

/** Where an order stands: the reply to a {@link StatusQuery}, and the body of its HTTP answer. */
public record OrderStatus(UUID id, String item, int quantity, State state) {
  /** An order is placed, then fulfilled. */
  public enum State {
    PLACED,
    FULFILLED
  }

  static OrderStatus of(OrderPlaced order, State state) {
    return new OrderStatus(order.id(), order.item(), order.quantity(), state);
  }
}
