package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireOverflowException;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.nio.ByteBuffer;
import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Every field kind survives encode then decode, through the registry found by ServiceLoader. */
class RoundTripTest {
  static final CodecRegistry CODECS = CodecRegistry.load();

  /**
   * Decodes what {@code value} encodes to, through a fixed array, a growable one and a ByteBuffer.
   */
  static Object roundTrip(Object value) {
    byte[] frame = CODECS.toBytes(value);
    byte[] buffer = new byte[frame.length + 10];
    WireWriter fixed = new WireWriter(buffer, 3, frame.length);
    assertEquals(frame.length, CODECS.encode(value, fixed));
    assertArrayEquals(frame, java.util.Arrays.copyOfRange(buffer, 3, 3 + frame.length));
    assertEquals(value, CODECS.decode(new WireReader(ByteBuffer.wrap(buffer, 3, frame.length))));
    return CODECS.fromBytes(frame);
  }

  @Test
  void everyKindOfField() {
    Kinds value = Values.random(new Random(1));
    assertEquals(value, roundTrip(value));
  }

  @Test
  void nullInEveryReferenceField() {
    Kinds value = Values.allNull();
    assertEquals(value, roundTrip(value));
  }

  @Test
  void emptyStringsArraysAndCollections() {
    Kinds value = Values.allEmpty();
    assertEquals(value, roundTrip(value));
  }

  @Test
  void extremeValues() {
    assertEquals(Values.extremes(true), roundTrip(Values.extremes(true)));
    assertEquals(Values.extremes(false), roundTrip(Values.extremes(false)));
  }

  @Test
  void floatingPointBitsAreKeptExactlyNaNPayloadsAndNegativeZeroIncluded() {
    Kinds decoded = (Kinds) roundTrip(Values.extremes(false));
    assertEquals(0x7fc0_1234, Float.floatToRawIntBits(decoded.aFloat()));
    assertEquals(Double.doubleToRawLongBits(-0.0d), Double.doubleToRawLongBits(decoded.aDouble()));
  }

  @Test
  void largeCollectionsAndStrings() {
    List<Tree> children = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      children.add(new Tree("leaf " + i, List.of()));
    }
    Tree wide = new Tree("x".repeat(100_000) + "\u00e9\uD83D\uDE80", children);
    assertEquals(wide, roundTrip(wide));
  }

  @Test
  void nestedValuesWhoseLengthTakesSeveralBytes() {
    Tree deep =
        new Tree(
            "root",
            List.of(new Tree("y".repeat(300), List.of(new Tree("z".repeat(70_000), List.of())))));
    assertEquals(deep, roundTrip(deep));
  }

  @Test
  void sealedInterfaceValuesOfEverySubtype() {
    for (Command command :
        List.of(
            new Command.Move(new Point(1, -1), true),
            new Command.Say("hello", Team.BLUE),
            Command.Quit.NOW,
            Command.Quit.AFTER_THIS_ROUND)) {
      assertEquals(command, roundTrip(command));
    }
  }

  @Test
  void enumConstantWithABodyIsEncodedAsItsEnum() {
    assertSame(Team.GREEN, roundTrip(Team.GREEN));
  }

  @Test
  void finalClass() {
    Account account = new Account("ann", -42, true);
    assertEquals(account, roundTrip(account));
  }

  @Test
  void listsThatAreNotRandomAccessAndImmutableCollections() {
    Kinds value =
        withCollections(
            Values.allNull(),
            new LinkedList<>(List.of("a", "b")),
            Collections.unmodifiableSet(Set.of(Team.BLUE)));
    assertEquals(value, roundTrip(value));
  }

  @Test
  void decodedCollectionsKeepTheSendersOrder() {
    List<Integer> numbers = IntStream.range(0, 1000).map(i -> (i * 7919) % 1000).boxed().toList();
    Kinds value = withNumbers(Values.allNull(), numbers);
    assertEquals(numbers, ((Kinds) roundTrip(value)).numbers());
  }

  @Test
  void smallNumbersTakeOneByte() {
    // id, length, then x and y: zigzag varints of one byte each from -64 to 63
    assertArrayEquals(new byte[] {1, 3, 127, 126}, CODECS.toBytes(new Point(-64, 63)));
    assertEquals(2 + 5 + 5, CODECS.toBytes(new Point(Integer.MIN_VALUE, Integer.MAX_VALUE)).length);
  }

  @Test
  void aFullBufferThrowsAndLeavesTheWriterAsItWas() {
    WireWriter out = new WireWriter(new byte[12]);
    CODECS.encode(new Point(1, 2), out);
    int before = out.position();

    assertThrows(
        WireOverflowException.class,
        () -> CODECS.encode(new Command.Say("too long to fit", null), out));
    assertEquals(before, out.position());
    assertEquals(new Point(1, 2), CODECS.decode(new WireReader(out.buffer(), 0, out.position())));
  }

  @Test
  void framesFollowOneAnotherInOneBuffer() {
    WireWriter out = WireWriter.growable(4);
    List<Object> messages =
        List.of(
            new Point(3, 4),
            Team.BLUE,
            new Command.Say("hi", Team.RED),
            new Account("bo", 7, false));
    for (Object message : messages) {
      CODECS.encode(message, out);
    }
    WireReader in = new WireReader(out.buffer(), out.offset(), out.position());
    List<Object> decoded = new ArrayList<>();
    while (in.hasRemaining()) {
      decoded.add(CODECS.decode(in));
    }
    assertEquals(messages, decoded);
  }

  @Test
  void aNullOptionalIsWrittenAsAnEmptyOne() {
    Kinds empty = Values.allNull();
    Kinds nullOptional = withNickname(empty, null);

    assertArrayEquals(CODECS.toBytes(empty), CODECS.toBytes(nullOptional));
    assertEquals(
        Optional.empty(), ((Kinds) CODECS.fromBytes(CODECS.toBytes(nullOptional))).nickname());
  }

  private static Kinds withNickname(Kinds k, Optional<String> nickname) {
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
        k.teams(),
        k.routes(),
        k.numbers(),
        k.notes(),
        nickname,
        k.home(),
        k.when(),
        k.howLong(),
        k.uuid());
  }

  private static Kinds withCollections(Kinds k, List<String> names, Set<Team> teams) {
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
        DayOfWeek.FRIDAY,
        k.point(),
        k.command(),
        k.account(),
        names,
        teams,
        k.routes(),
        k.numbers(),
        k.notes(),
        k.nickname(),
        k.home(),
        k.when(),
        k.howLong(),
        k.uuid());
  }

  private static Kinds withNumbers(Kinds k, List<Integer> numbers) {
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
        k.teams(),
        k.routes(),
        numbers,
        k.notes(),
        k.nickname(),
        k.home(),
        k.when(),
        k.howLong(),
        k.uuid());
  }
}
