package dev.herald.sample;

/** A message nobody handles, to show what becomes of it: a {@code DeadMessage}. */
public record Surrender(String who) {}
