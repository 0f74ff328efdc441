package dev.herald.nats;

import dev.herald.annotation.Wire;
import java.util.List;

/** A list of wide records: the densest frame a hostile publisher can send. */
@Wire(id = 108)
public record Crowd(List<Wide> people) {}
