package dev.herald.benchmarks.nats;

import dev.herald.annotation.Wire;

/** The message of the NATS benchmarks: a small event, 8 to 20 bytes as a frame. */
@Wire(id = 60)
public record Tick(long number, String source) {}
