package shapes;

import dev.herald.annotation.Wire;

/** No explicit id: derived from "shapes.Square". */
@Wire
public record Square(Position corner, double side) implements Shape {}
