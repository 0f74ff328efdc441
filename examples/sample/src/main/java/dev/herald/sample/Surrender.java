package dev.herald.sample;

import dev.herald.annotation.Wire;

/** A message nobody handles, to show what becomes of it: a {@code DeadMessage}. */
@Wire(id = 5)
public record Surrender(String who) implements GameEvent {}
