package dev.herald.example.modular;

import dev.herald.annotation.Wire;

/** A message that can leave the process: a team scored. */
@Wire
public record Goal(String team) {}
