package dev.herald.gdxgame;

/** A fighter's hit flash is over: sent to its own address a few frames after the hit. */
public record Recovered() {}
