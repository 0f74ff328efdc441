package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireWriter;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * docs/codecs.md: encoding writes into the caller's array and, in the steady state, allocates
 * nothing for every field kind but sets and maps: primitives, boxes, strings, arrays, enums, nested
 * records, sealed interfaces, lists (read by index), optionals, {@code Instant}, {@code Duration}
 * and {@code UUID}. A set or a map is read through its iterator, which may cost a few dozen bytes
 * each time.
 */
class EncodeAllocationTest {
  private static final CodecRegistry CODECS = RoundTripTest.CODECS;
  private static final int ENCODES = 20_000;

  /** Slack for the measurement itself; an encode that allocated would cost at least 16 bytes. */
  private static final long SLACK_BYTES = 16 * 1024;

  /** What one set or map field may cost an encode: its iterator. */
  private static final long ITERATOR_BYTES = 64;

  @Test
  void encodingEveryKindOfFieldButSetsAndMapsAllocatesNothing() {
    Kinds value = withoutSetsOrMaps(Values.random(new Random(7)));
    assertTrue(value.names() != null && !value.names().isEmpty(), "a list is encoded");
    long allocated = encodingAllocates(value);
    assertTrue(allocated < SLACK_BYTES, allocated + " bytes");
  }

  @Test
  void encodingSealedSubtypesEnumsAndNestedListsAllocatesNothing() {
    for (Object value :
        List.of(
            new Command.Say("gg \u00e9\uD83D\uDE80", Team.values()[0]),
            Command.Quit.NOW,
            new Tree("root", List.of(new Tree("a", List.of()), new Tree("b", List.of()))))) {
      long allocated = encodingAllocates(value);
      assertTrue(allocated < SLACK_BYTES, allocated + " bytes for " + value);
    }
  }

  /** The exception the promise states: a set or map field costs at most its iterator. */
  @Test
  void aSetOrMapFieldCostsAtMostItsIterator() {
    Kinds value = Values.random(new Random(7));
    int setsAndMaps = 3; // teams, routes and notes; the lists in routes are read by index
    long bound = SLACK_BYTES + ENCODES * ITERATOR_BYTES * setsAndMaps;
    long allocated = encodingAllocates(value);
    assertTrue(allocated < bound, allocated + " bytes, more than " + bound);
  }

  private static Kinds withoutSetsOrMaps(Kinds k) {
    return new Kinds(
        k.aBoolean(),
        k.aByte(),
        k.aShort(),
        k.aChar(),
        k.anInt(),
        k.aLong(),
        k.aFloat(),
        k.aDouble(),
        k.boxedBoolean(),
        k.boxedByte(),
        k.boxedShort(),
        k.boxedChar(),
        k.boxedInt(),
        k.boxedLong(),
        k.boxedFloat(),
        k.boxedDouble(),
        k.text(),
        k.bytes(),
        k.booleans(),
        k.shorts(),
        k.chars(),
        k.ints(),
        k.longs(),
        k.floats(),
        k.doubles(),
        k.team(),
        k.day(),
        k.point(),
        k.command(),
        k.account(),
        k.names(),
        null,
        null,
        k.numbers(),
        null,
        k.nickname(),
        k.home(),
        k.when(),
        k.howLong(),
        k.uuid());
  }

  /** Bytes allocated by {@link #ENCODES} encodes of {@code value} into one array, warmed up. */
  private static long encodingAllocates(Object value) {
    com.sun.management.ThreadMXBean threads = allocationCounter();
    WireWriter out = new WireWriter(new byte[64 * 1024]);
    int size = 0;
    for (int i = 0; i < 2_000; i++) { // warm up: let the compiler see the codec
      out.reset();
      size = CODECS.encode(value, out);
    }

    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < ENCODES; i++) {
      out.reset();
      CODECS.encode(value, out);
    }
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertEquals(size, out.position());
    assertEquals(value, CODECS.fromBytes(out.toByteArray()));
    return allocated;
  }

  private static com.sun.management.ThreadMXBean allocationCounter() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(
        bean instanceof com.sun.management.ThreadMXBean,
        "no per-thread allocation counter on this JVM");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    assumeTrue(
        threads.isThreadAllocatedMemorySupported(), "per-thread allocation counting unsupported");
    threads.setThreadAllocatedMemoryEnabled(true);
    return threads;
  }
}
