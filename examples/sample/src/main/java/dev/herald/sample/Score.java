package dev.herald.sample;

import dev.herald.annotation.Wire;
import java.util.Map;

/** A score board: kills per pilot. */
@Wire(id = 8)
public record Score(Map<String, Integer> kills) {}
