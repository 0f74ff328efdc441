package dev.herald.wire.tests;

import dev.herald.annotation.Wire;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Every kind of field whose decoding makes more bytes of objects than it takes on the wire. */
@Wire(id = 12)
public record Amplifiers(
    String text,
    byte[] bytes,
    int[] ints,
    long[] longs,
    char[] chars,
    List<Integer> numbers,
    Set<Integer> numberSet,
    Map<Integer, Integer> numberMap,
    List<Optional<Long>> maybes,
    List<Instant> instants,
    List<Duration> durations,
    List<UUID> uuids,
    List<Point> points,
    List<Double> doubles) {}
