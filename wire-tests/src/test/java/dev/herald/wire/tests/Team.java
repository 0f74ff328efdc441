package dev.herald.wire.tests;

import dev.herald.annotation.Wire;

@Wire(id = 2)
public enum Team {
  RED,
  BLUE,
  /** A constant with a body is an instance of an anonymous subclass. */
  GREEN {
    @Override
    public String toString() {
      return "green";
    }
  }
}
