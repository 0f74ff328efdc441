package bad;

import dev.herald.annotation.Wire;

@Wire
public interface Event {}
