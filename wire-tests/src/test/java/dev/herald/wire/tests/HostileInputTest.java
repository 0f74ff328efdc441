package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Decoding never trusts the wire: each kind of bad input is a {@link WireFormatException} that says
 * what and where, allocates nothing in proportion to what the bytes claim, and leaves the reader
 * able to read the next frame.
 */
class HostileInputTest {
  private static final CodecRegistry CODECS = RoundTripTest.CODECS;

  @Test
  void aLengthLargerThanTheBytesLeft() {
    // Point (id 1) claiming 100 bytes where 2 follow
    WireFormatException e = assertRejected(bytes(1, 101, 2, 4));
    assertTrue(e.getMessage().contains("a value of 100 bytes where 2 are left"), e.getMessage());
    assertEquals(1, e.offset());
  }

  @Test
  void aCountLargerThanTheBytesLeftAllocatesNothingForIt() {
    // Tree (id 8): a null label, then children claiming 2^31 - 2 elements, with 3 bytes left
    byte[] frame = frame(8, concat(bytes(0), varint(Integer.MAX_VALUE), bytes(0, 0, 0)));
    long before = allocatedBytes();
    WireFormatException e = assertRejected(frame);
    long allocated = allocatedBytes() - before;

    assertTrue(
        e.getMessage()
            .contains("a count of 2147483646 elements of at least 1 byte where 3 bytes are left"),
        e.getMessage());
    assertTrue(allocated < 64 * 1024, "allocated " + allocated + " bytes");
  }

  @Test
  void aStringLongerThanTheBytesLeft() {
    WireFormatException e =
        assertRejected(frame(8, concat(varint(1_000_001), bytes('a', 'b', 'c'))));
    assertTrue(e.getMessage().contains("a count of 1000000 elements"), e.getMessage());
  }

  @Test
  void invalidUtf8IsRefusedAtItsFirstBadByte() {
    for (byte[] bad :
        List.of(
            bytes(0xC0, 0x80), // overlong NUL
            bytes(0xED, 0xA0, 0x80), // a surrogate
            bytes(0xF4, 0x90, 0x80, 0x80), // above U+10FFFF
            bytes(0xE2, 0x82), // truncated
            bytes(0x80), // a lone continuation byte
            bytes(0xFF))) {
      byte[] label = concat(bytes('o', 'k'), bad);
      WireFormatException e =
          assertRejected(frame(8, concat(varint(label.length + 1), label, bytes(1))));
      assertTrue(e.getMessage().startsWith("a string that is not valid UTF-8"), e.getMessage());
      assertEquals(2 + 1 + 2, e.offset(), Arrays.toString(bad)); // id, length, string length, "ok"
    }
  }

  @Test
  void anUnknownIdIsSkippedAndTheNextFrameRead() {
    byte[] unknown = frame(99, bytes(1, 2, 3));
    byte[] good = CODECS.toBytes(new Point(5, 6));
    WireReader in = new WireReader(concat(unknown, good));

    WireFormatException e = assertThrows(WireFormatException.class, () -> CODECS.decode(in));
    assertTrue(e.getMessage().startsWith("unknown wire id 99"), e.getMessage());
    assertEquals(0, e.offset());
    assertEquals(new Point(5, 6), CODECS.decode(in));
  }

  @Test
  void anEnumOrdinalOutOfRange() {
    WireFormatException e = assertRejected(frame(2, bytes(9)));
    assertTrue(
        e.getMessage()
            .contains("enum ordinal 8 is out of range: dev.herald.wire.tests.Team has 3 constants"),
        e.getMessage());
  }

  @Test
  void anUnknownSubtypeOfASealedInterface() {
    // Kinds is too long to craft: a Tree has no sealed field, so use Command through Kinds'
    // neighbour, a frame of the sealed interface itself (id 3) naming subtype 77
    WireFormatException e = assertRejected(frame(3, bytes(77, 1)));
    assertTrue(
        e.getMessage().contains("unknown subtype id 77 of dev.herald.wire.tests.Command"),
        e.getMessage());
  }

  @Test
  void nestingDeeperThanTheCapIsRefusedWithoutOverflowingTheStack() {
    byte[] tree = bytes(0, 1); // a null label, no children
    for (int depth = 0; depth < 1000; depth++) {
      byte[] body = concat(bytes(0, 2), varint(tree.length + 1), tree); // null label, one child
      tree = body;
    }
    WireFormatException e = assertRejected(frame(8, tree));
    assertTrue(e.getMessage().startsWith("values nested deeper than 64 levels"), e.getMessage());
  }

  @Test
  void encodingAValueNestedDeeperThanTheCapFails() {
    Tree tree = new Tree("leaf", List.of());
    for (int i = 0; i < 70; i++) {
      tree = new Tree("level " + i, List.of(tree));
    }
    Tree deep = tree;
    WireWriter out = new WireWriter(new byte[4096]);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> CODECS.encode(deep, out));
    assertTrue(e.getMessage().contains("nest deeper than 64"), e.getMessage());
    assertEquals(0, out.position());
  }

  @Test
  void trailingGarbageAfterAFrame() {
    byte[] frame = CODECS.toBytes(new Point(1, 2));
    WireFormatException e =
        assertThrows(
            WireFormatException.class, () -> CODECS.fromBytes(concat(frame, bytes(1, 2, 3))));
    assertTrue(e.getMessage().startsWith("3 bytes after the end of the frame"), e.getMessage());
    assertEquals(frame.length, e.offset());
  }

  @Test
  void aConstructorThatRefusesTheValuesIsAWireFormatExceptionWithItsCause() {
    WireFormatException e = assertRejected(frame(9, varint(500 << 1)));
    assertInstanceOf(IllegalArgumentException.class, e.getCause());
    assertTrue(e.getMessage().contains("percent must be 0 to 100, not 500"), e.getMessage());
  }

  @Test
  void aBadFrameInsideALongerInputLeavesTheReaderAtTheNextFrame() {
    byte[] bad = frame(2, bytes(9));
    byte[] good = CODECS.toBytes(new Command.Say("still here", Team.RED));
    WireReader in = new WireReader(concat(bad, good, bad, good));
    for (int i = 0; i < 2; i++) {
      assertThrows(WireFormatException.class, () -> CODECS.decode(in));
      assertEquals(new Command.Say("still here", Team.RED), CODECS.decode(in));
    }
    assertEquals(false, in.hasRemaining());
  }

  @Test
  void everyTruncationOfValidFramesIsRefused() {
    Random random = new Random(7);
    for (int i = 0; i < 50; i++) {
      byte[] frame = CODECS.toBytes(Values.random(random));
      for (int length = 0; length < frame.length; length++) {
        assertRejected(Arrays.copyOf(frame, length));
      }
    }
  }

  @Test
  void randomlyCorruptedFramesDecodeOrAreRefusedNeverAnythingElse() {
    Random random = new Random(11);
    WireReader in = new WireReader();
    int refused = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] frame = CODECS.toBytes(i % 2 == 0 ? Values.random(random) : Values.command(random));
      for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
        frame[random.nextInt(frame.length)] = (byte) random.nextInt();
      }
      in.reset(frame, 0, frame.length);
      try {
        CODECS.decode(in);
      } catch (WireFormatException expected) {
        refused++;
        assertTrue(
            expected.offset() >= 0 && expected.offset() <= frame.length, expected.getMessage());
      }
    }
    assertTrue(refused > 1000, "refused " + refused);
  }

  private static WireFormatException assertRejected(byte[] input) {
    WireReader in = new WireReader(input);
    WireFormatException e = assertThrows(WireFormatException.class, () -> CODECS.decode(in));
    assertTrue(e.offset() >= 0 && e.offset() <= input.length, e.getMessage());
    return e;
  }

  /** A frame: id, then the body's length plus one, then the body. */
  static byte[] frame(int id, byte[] body) {
    return concat(varint(id), varint(body.length + 1), body);
  }

  static byte[] varint(int value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while ((value & ~0x7F) != 0) {
      out.write((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.write(value);
    return out.toByteArray();
  }

  static byte[] bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return bytes;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getThreadAllocatedBytes(Thread.currentThread().getId());
  }
}
