package shapes;

import dev.herald.annotation.Wire;

@Wire(id = 11)
public record Circle(Position center, double radius) implements Shape {}
