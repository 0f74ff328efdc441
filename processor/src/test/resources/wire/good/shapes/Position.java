package shapes;

import dev.herald.annotation.Wire;

@Wire(id = 7)
public record Position(int x, int y) {}
