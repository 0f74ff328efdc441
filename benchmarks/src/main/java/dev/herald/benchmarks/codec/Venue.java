package dev.herald.benchmarks.codec;

import dev.herald.annotation.Wire;
import java.io.Serializable;

/** The nested record. */
@Wire(id = 3)
public record Venue(String name, int code) implements Serializable {}
