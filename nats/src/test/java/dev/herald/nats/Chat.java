package dev.herald.nats;

import dev.herald.annotation.Wire;

@Wire(id = 103)
public record Chat(String text) {}
