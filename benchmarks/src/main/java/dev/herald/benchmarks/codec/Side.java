package dev.herald.benchmarks.codec;

import dev.herald.annotation.Wire;

@Wire(id = 2)
public enum Side {
  BUY,
  SELL
}
