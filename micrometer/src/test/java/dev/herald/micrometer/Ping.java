package dev.herald.micrometer;

import dev.herald.annotation.Wire;

/** The tests' message over NATS. */
@Wire(id = 301)
public record Ping(String text) {}
