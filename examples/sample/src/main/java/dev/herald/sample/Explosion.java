package dev.herald.sample;

import dev.herald.annotation.Wire;

/** Scheduled ten frames after an enemy goes down, when the wreck hits the ground. */
@Wire(id = 4)
public record Explosion(String what) implements GameEvent {}
