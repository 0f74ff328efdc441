package dev.herald.sample;

/** Shouted by a pilot who is being shot at, so the squadron can help. */
public record UnderAttack(Pilot pilot, Enemy attacker) {}
