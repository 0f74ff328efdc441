package bad;

import dev.herald.annotation.Wire;

@Wire
public record Box<T>(String label,
    T content) {}
