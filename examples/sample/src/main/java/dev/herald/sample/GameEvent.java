package dev.herald.sample;

import dev.herald.annotation.Wire;

/**
 * Every message of the dogfight: wire types, so that a replay can be saved to a file (or, with the
 * networked bus, sent to another player). A handler of {@code GameEvent} receives them all. The ids
 * are explicit and small: one byte each on the wire.
 */
@Wire(id = 1)
public sealed interface GameEvent permits UnderAttack, EnemyDestroyed, Explosion, Surrender {}
