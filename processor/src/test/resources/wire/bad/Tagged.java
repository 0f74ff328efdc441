package bad;

import dev.herald.annotation.Wire;

@Wire
public record Tagged<T>(String tag) {}
