package dev.herald.example.orders;

/** The body of {@code POST /orders}. */
public record NewOrder(String item, int quantity) {}
