package dev.herald.example.orders;

import dev.herald.annotation.Wire;
import java.util.UUID;

/**
 * An order taken. A wire type, so that with the {@code nats} profile the instance that took it can
 * export it to the instances that fulfil it.
 */
@Wire(id = 1)
public record OrderPlaced(UUID id, String item, int quantity) {}
