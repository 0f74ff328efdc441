package dev.herald.example.orders;

import dev.herald.annotation.Wire;

/** An order packed and sent; exported back to the instance that took it, with the nats profile. */
@Wire(id = 2)
public record OrderFulfilled(OrderPlaced order) {}
