package dev.herald.spring;

import dev.herald.annotation.Wire;

/** A goal, carried between processes by the NATS bridge too. */
@Wire(id = 9101)
public record Goal(String team) {}
