package bad;

import dev.herald.annotation.Wire;

@Wire
public record Unresolved(int x,
    DoesNotExist missing) {}
