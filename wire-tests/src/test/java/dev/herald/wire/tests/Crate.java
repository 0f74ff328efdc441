package dev.herald.wire.tests;

import dev.herald.annotation.Wire;
import java.util.List;

/** A list of the widest record: the densest frame, each element one byte when empty. */
@Wire(id = 11)
public record Crate(List<Kinds> kinds) {}
