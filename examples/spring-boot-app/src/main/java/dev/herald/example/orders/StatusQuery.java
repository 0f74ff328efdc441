package dev.herald.example.orders;

import java.util.UUID;

/** Asks the {@link OrderBook} for an order's {@link OrderStatus}, with {@code bus.request}. */
public record StatusQuery(UUID id) {}
