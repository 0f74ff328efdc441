package shapes;

import dev.herald.annotation.Wire;

@Wire(id = 10)
public sealed interface Shape permits Circle, Square, Color {}
