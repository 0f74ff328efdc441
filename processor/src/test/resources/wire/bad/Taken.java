package bad;

import dev.herald.annotation.Wire;

@Wire
public record Taken(int x) {}
