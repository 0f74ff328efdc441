package dev.herald.nats;

import dev.herald.annotation.Wire;

@Wire(id = 105)
public record ScoreReply(String team, int goals) {}
