package shapes;

import dev.herald.annotation.Wire;

@Wire(id = 9)
public enum Color implements Shape {
  RED,
  GREEN,
  BLUE
}
