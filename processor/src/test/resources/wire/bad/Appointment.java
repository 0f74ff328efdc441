package bad;

import dev.herald.annotation.Wire;
import java.util.Date;

@Wire
public record Appointment(String who,
    Date when) {}
