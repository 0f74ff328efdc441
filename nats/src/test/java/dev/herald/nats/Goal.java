package dev.herald.nats;

import dev.herald.annotation.Wire;

@Wire(id = 101)
public record Goal(String team, int minute) implements MatchEvent {}
