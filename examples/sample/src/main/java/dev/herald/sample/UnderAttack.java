package dev.herald.sample;

import dev.herald.annotation.Wire;

/**
 * Shouted by a pilot who is being shot at, so the squadron can help. Names, not objects: it
 * travels.
 */
@Wire(id = 2)
public record UnderAttack(String pilot, String attacker) implements GameEvent {}
