package dev.herald.nats;

import dev.herald.annotation.Wire;

/** A numbered message, for streams whose losses are counted. */
@Wire(id = 106)
public record Tick(int number) {}
