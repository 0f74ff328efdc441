package dev.herald.sample;

/** Posted by an enemy as it goes down; it does not know who listens. */
public record EnemyDestroyed(Enemy enemy, Pilot destroyedBy) {}
