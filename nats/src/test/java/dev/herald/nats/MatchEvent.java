package dev.herald.nats;

import dev.herald.annotation.Wire;

/** What happens in a match: a sealed interface of wire types, exported as a family. */
@Wire(id = 100)
public sealed interface MatchEvent permits Goal, Card {}
