package dev.herald.sample;

import dev.herald.annotation.Wire;

/** Posted by an enemy as it goes down; it does not know who listens. */
@Wire(id = 3)
public record EnemyDestroyed(String enemy, String destroyedBy) implements GameEvent {}
