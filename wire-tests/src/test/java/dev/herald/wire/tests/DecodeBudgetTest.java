package dev.herald.wire.tests;

import static dev.herald.wire.tests.HostileInputTest.concat;
import static dev.herald.wire.tests.HostileInputTest.frame;
import static dev.herald.wire.tests.HostileInputTest.varint;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.DecodeBudget;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What a frame can make is bounded by its {@link DecodeBudget}: a factor of its size and a cap.
 * Measured by what the reader charged, which is at least what the JVM made, never by the heap.
 */
class DecodeBudgetTest {
  private static final CodecRegistry CODECS = RoundTripTest.CODECS;
  private static final int MEBIBYTE = 1 << 20;

  /** The largest single charge in a Crate: one Kinds, an object of 40 fields. */
  private static final int ONE_KINDS = 16 + 8 * 40;

  @Test
  void aMebibyteOfEmptyRecordsIsRefusedOnceItHasMadeWhatTheBudgetAllows() {
    // before decode budgets, this frame decoded into about 548 MB: every absent collection of
    // every empty Kinds was a new one, and nothing bounded how many a frame could ask for
    byte[] frame = crateOfEmptyKinds(MEBIBYTE);
    byte[] next = CODECS.toBytes(new Point(1, 2));
    WireReader in = new WireReader(concat(frame, next));

    WireFormatException e = assertThrows(WireFormatException.class, () -> CODECS.decode(in));

    assertTrue(
        e.getMessage()
            .startsWith(
                "decoding this frame of "
                    + frame.length
                    + " bytes would make"
                    + " more than the cap of 67108864 bytes of objects per frame"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("raise the cap with CodecRegistry.withDecodeBudget("),
        e.getMessage());
    long allowance = DecodeBudget.DEFAULT.allowanceFor(frame.length);
    assertEquals(64L * MEBIBYTE, allowance);
    assertTrue(
        in.charged() > allowance && in.charged() <= allowance + ONE_KINDS,
        "charged " + in.charged());
    assertEquals(new Point(1, 2), CODECS.decode(in), "the reader moved on to the next frame");
  }

  @Test
  void aSmallerFrameAsDenseIsRefusedByTheFactor() {
    byte[] frame = crateOfEmptyKinds(64 * 1024);
    WireReader in = new WireReader(frame);

    WireFormatException e = assertThrows(WireFormatException.class, () -> CODECS.decode(in));

    long allowance = 64L * frame.length + DecodeBudget.BASE_BYTES;
    assertTrue(
        e.getMessage()
            .startsWith(
                "decoding this frame of "
                    + frame.length
                    + " bytes would make"
                    + " more than "
                    + allowance
                    + " bytes of objects"),
        e.getMessage());
    assertTrue(
        e.getMessage().contains("the budget of 64 per frame byte plus 65536"), e.getMessage());
    assertTrue(e.getMessage().contains("withBytesPerFrameByte"), e.getMessage());
    assertTrue(
        in.charged() > allowance && in.charged() <= allowance + ONE_KINDS,
        "charged " + in.charged());
  }

  @Test
  void aLargerFactorLetsTheDenseFrameThrough() {
    byte[] frame = crateOfEmptyKinds(64 * 1024);
    CodecRegistry generous =
        CODECS.withDecodeBudget(DecodeBudget.DEFAULT.withBytesPerFrameByte(400));
    WireReader in = new WireReader(frame);

    Crate crate = (Crate) generous.decode(in);

    assertEquals(64 * 1024 - 16, crate.kinds().size());
    Kinds empty = crate.kinds().get(0);
    assertEquals(Values.allNull().text(), empty.text());
    assertSame(List.of(), empty.names());
    assertSame(Set.of(), empty.teams());
    assertSame(Map.of(), empty.routes());
    assertTrue(in.charged() <= 400L * frame.length + DecodeBudget.BASE_BYTES);
    assertSame(
        DecodeBudget.DEFAULT, CODECS.decodeBudget(), "the registry it came from is unchanged");
  }

  @Test
  void aMebibyteOfEmptyTreesDecodesWithinTheFactorSharingOneEmptyList() {
    int count = MEBIBYTE - 16;
    byte[] empties = new byte[count];
    Arrays.fill(empties, (byte) 1); // each a Tree of 0 bytes: no label, no children
    byte[] frame = frame(8, concat(new byte[] {0}, varint(count + 1), empties));
    WireReader in = new WireReader(frame);

    Tree tree = (Tree) CODECS.decode(in);

    assertEquals(count, tree.children().size());
    List<Tree> empty = tree.children().get(0).children();
    assertEquals(List.of(), empty);
    for (Tree child : tree.children()) {
      assertSame(empty, child.children(), "an absent list is the shared empty one, not a new one");
    }
    assertThrows(UnsupportedOperationException.class, () -> empty.add(tree));
    assertTrue(
        in.charged() <= 64L * frame.length + DecodeBudget.BASE_BYTES, "charged " + in.charged());
    assertTrue(
        in.charged() >= 40L * count, "charged " + in.charged() + ": a Tree and its slot each");
  }

  @Test
  void aFrameOverTheCapIsRefusedAndTheNextFrameRead() {
    char[] label = new char[200_000];
    Arrays.fill(label, 'a');
    byte[] big = CODECS.toBytes(new Tree(new String(label), List.of()));
    byte[] small = CODECS.toBytes(new Tree("small", List.of()));
    CodecRegistry capped = CODECS.withDecodeBudget(DecodeBudget.DEFAULT.withMaxBytes(100_000));
    WireReader in = new WireReader(concat(big, small));

    WireFormatException e = assertThrows(WireFormatException.class, () -> capped.decode(in));

    assertTrue(
        e.getMessage().contains("more than the cap of 100000 bytes of objects per frame ("),
        e.getMessage());
    assertEquals(new Tree("small", List.of()), capped.decode(in));
    assertEquals(
        new Tree(new String(label), List.of()), CODECS.fromBytes(big), "within the default cap");
  }

  @Test
  void aReaderWithoutARegistryChargesItsWholeInput() {
    byte[] frame = crateOfEmptyKinds(64 * 1024);
    // the frame without its one-byte wire id: the Crate as a field of another value
    WireReader in = new WireReader(frame, 1, frame.length - 1);

    WireFormatException e =
        assertThrows(WireFormatException.class, () -> CODECS.codec(Crate.class).read(in));

    assertTrue(e.getMessage().contains("the budget of 64 per frame byte"), e.getMessage());
  }

  @Test
  void emptyCollectionsAndStringsAreSharedAndFree() {
    WireReader in =
        new WireReader(
            CODECS.toBytes(
                new Amplifiers(
                    "",
                    null,
                    null,
                    null,
                    null,
                    new ArrayList<>(),
                    new LinkedHashSet<>(),
                    new LinkedHashMap<>(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of())));

    Amplifiers decoded = (Amplifiers) CODECS.decode(in);

    assertSame("", decoded.text());
    assertSame(List.of(), decoded.numbers());
    assertSame(Set.of(), decoded.numberSet());
    assertSame(Map.of(), decoded.numberMap());
    assertEquals(16 + 8 * 14, in.charged(), "the record alone");
  }

  @Test
  void everyObjectTheFrameAsksForIsChargedAtLeastItsSize() {
    // what a JVM with compressed references makes for N elements of each kind, at the least:
    // a box or Optional 16 bytes, an Instant or Duration 24, a UUID 32, a Point 24, a list
    // slot 4, a hash entry 40, a key and value of a map 16 each
    int n = 10_000;
    long record = 16 + 8 * 14;
    long[] atLeast = {
      n,
      n,
      4L * n,
      8L * n,
      2L * n,
      (16 + 4) * n,
      (16 + 40) * n,
      (16 + 16 + 40) * n,
      (16 + 16 + 4) * n,
      (24 + 4) * n,
      (24 + 4) * n,
      (32 + 4) * n,
      (24 + 4) * n,
      (16 + 4) * n
    };
    for (int field = 0; field < atLeast.length; field++) {
      byte[] frame = CODECS.toBytes(amplifiersWithOnly(field, n));
      WireReader in = new WireReader(frame);

      CODECS.decode(in);

      assertTrue(
          in.charged() - record >= atLeast[field],
          "field " + field + ": charged " + in.charged() + " for at least " + atLeast[field]);
      assertTrue(
          in.charged() <= 64L * frame.length + DecodeBudget.BASE_BYTES,
          "field " + field + ": charged " + in.charged() + " for a frame of " + frame.length);
    }
  }

  @Test
  void ordinaryFramesStayFarBelowTheFactor() {
    java.util.Random random = new java.util.Random(5);
    WireReader in = new WireReader();
    double worst = 0;
    for (int i = 0; i < 2_000; i++) {
      byte[] frame = CODECS.toBytes(i % 2 == 0 ? Values.random(random) : Values.command(random));
      in.reset(frame, 0, frame.length);
      CODECS.decode(in);
      worst = Math.max(worst, (double) in.charged() / frame.length);
    }
    // about 15 for these seeds: a quarter of the default factor
    assertTrue(worst < 32, "at most " + worst + " bytes of objects per frame byte");
  }

  /** Amplifiers with field {@code field} holding {@code n} elements and the others null. */
  private static Amplifiers amplifiersWithOnly(int field, int n) {
    Object[] fields = new Object[14];
    List<Integer> numbers = new ArrayList<>();
    Map<Integer, Integer> numberMap = new LinkedHashMap<>();
    List<Optional<Long>> maybes = new ArrayList<>();
    List<Instant> instants = new ArrayList<>();
    List<Duration> durations = new ArrayList<>();
    List<UUID> uuids = new ArrayList<>();
    List<Point> points = new ArrayList<>();
    List<Double> doubles = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      numbers.add(1_000 + i); // above the cached boxes
      numberMap.put(1_000 + i, 1_000 + i);
      maybes.add(Optional.of(1_000L + i));
      instants.add(Instant.ofEpochSecond(i));
      durations.add(Duration.ofSeconds(i));
      uuids.add(new UUID(i, i));
      points.add(new Point(i, i));
      doubles.add((double) i);
    }
    char[] chars = new char[n];
    Arrays.fill(chars, 'a');
    Object[] full = {
      new String(chars),
      new byte[n],
      new int[n],
      new long[n],
      chars,
      numbers,
      new LinkedHashSet<>(numbers),
      numberMap,
      maybes,
      instants,
      durations,
      uuids,
      points,
      doubles
    };
    fields[field] = full[field];
    @SuppressWarnings("unchecked")
    Amplifiers value =
        new Amplifiers(
            (String) fields[0],
            (byte[]) fields[1],
            (int[]) fields[2],
            (long[]) fields[3],
            (char[]) fields[4],
            (List<Integer>) fields[5],
            (Set<Integer>) fields[6],
            (Map<Integer, Integer>) fields[7],
            (List<Optional<Long>>) fields[8],
            (List<Instant>) fields[9],
            (List<Duration>) fields[10],
            (List<UUID>) fields[11],
            (List<Point>) fields[12],
            (List<Double>) fields[13]);
    return value;
  }

  /** A Crate frame of about {@code size} bytes: a list of Kinds, each of them empty (one byte). */
  static byte[] crateOfEmptyKinds(int size) {
    int count = size - 16;
    byte[] empties = new byte[count];
    Arrays.fill(empties, (byte) 1); // a nested value's length plus one: 0 bytes, every field absent
    return frame(11, concat(varint(count + 1), empties));
  }
}
