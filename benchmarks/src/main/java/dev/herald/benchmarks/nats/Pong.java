package dev.herald.benchmarks.nats;

import dev.herald.annotation.Wire;

/** The reply to a {@link Tick} sent as a request. */
@Wire(id = 61)
public record Pong(long number) {}
