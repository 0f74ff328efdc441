package dev.herald.nats;

import dev.herald.annotation.Wire;

@Wire(id = 102)
public record Card(String player, boolean red) implements MatchEvent {}
