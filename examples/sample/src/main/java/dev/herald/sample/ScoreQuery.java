package dev.herald.sample;

import dev.herald.annotation.Wire;

/** Asks the process that runs the match for its score board; answered with a {@link Score}. */
@Wire(id = 7)
public record ScoreQuery(String askedBy) {}
