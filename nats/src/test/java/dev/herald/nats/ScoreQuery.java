package dev.herald.nats;

import dev.herald.annotation.Wire;

@Wire(id = 104)
public record ScoreQuery(String team) {}
