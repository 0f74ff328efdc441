package dev.herald.gdxgame;

/** Sent to a fighter's address: every component of that fighter hears it, nobody else. */
public record Hit(int damage) {}
