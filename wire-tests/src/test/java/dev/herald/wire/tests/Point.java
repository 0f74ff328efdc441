package dev.herald.wire.tests;

import dev.herald.annotation.Wire;

@Wire(id = 1)
public record Point(int x, int y) {}
