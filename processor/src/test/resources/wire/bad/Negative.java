package bad;

import dev.herald.annotation.Wire;

@Wire(id = -3)
public record Negative(int x) {}
