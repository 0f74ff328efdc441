package dev.herald.benchmarks.codec;

import dev.herald.annotation.Wire;
import java.io.Serializable;
import java.util.List;

/** The list scenario: a record holding 100 trades. */
@Wire(id = 4)
public record TradeBatch(List<Trade> trades) implements Serializable {}
