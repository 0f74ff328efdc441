package dev.herald.wire.tests;

import dev.herald.annotation.Wire;
import java.util.List;

/** A type that contains itself: nesting is bounded on the wire. */
@Wire(id = 8)
public record Tree(String label, List<Tree> children) {}
