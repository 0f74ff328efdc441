package dev.herald.example.modular;

/** A message: a team scored. */
public record Goal(String team) {}
