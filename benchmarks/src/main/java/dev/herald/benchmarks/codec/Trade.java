package dev.herald.benchmarks.codec;

import dev.herald.annotation.Wire;
import java.io.Serializable;

/**
 * The six-field record of the codec benchmark: an int, a long, a double, a String, an enum and a
 * nested record. Serializable only for the Java serialization peer.
 */
@Wire(id = 1)
public record Trade(int quantity, long orderId, double price, String symbol, Side side, Venue venue)
    implements Serializable {}
