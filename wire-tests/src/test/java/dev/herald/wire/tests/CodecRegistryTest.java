package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireCodec;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Building a registry, and what it says when a codec is missing or two collide. */
class CodecRegistryTest {

  @Test
  void loadFindsEveryGeneratedCodecByIdAndByClass() {
    CodecRegistry codecs = CodecRegistry.load();

    List<Integer> ids = new ArrayList<>();
    for (WireCodec<?> codec : codecs.codecs()) {
      ids.add(codec.id());
    }
    assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), ids);
    assertSame(Point_Codec.INSTANCE.getClass(), codecs.codec(Point.class).getClass());
    assertSame(Command_Say_Codec.class, codecs.codec(5).getClass());
    assertNull(codecs.codec(99));
  }

  /** What two jars that both use id 1 amount to. */
  @Test
  void twoCodecsWithOneIdFailWithBothNamesAndTheFix() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> CodecRegistry.of(Point_Codec.INSTANCE, new OtherJarsCodec()));

    assertEquals(
        "wire id 1 is taken by both dev.herald.wire.tests.Point and java.lang.String"
            + " (codecs dev.herald.wire.tests.Point_Codec and"
            + " dev.herald.wire.tests.CodecRegistryTest$OtherJarsCodec, perhaps from different jars):"
            + " a receiver could not tell their messages apart. Give one of them another id with"
            + " @Wire(id = ...)",
        e.getMessage());
  }

  @Test
  void twoCodecsForOneTypeFail() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> CodecRegistry.of(Point_Codec.INSTANCE, new SecondPointCodec()));

    assertTrue(
        e.getMessage().startsWith("two codecs for dev.herald.wire.tests.Point"), e.getMessage());
  }

  @Test
  void encodingAClassThatIsNotAWireTypeSaysHowToMakeItOne() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CodecRegistry.load().encode("not a wire type", new WireWriter(new byte[16])));

    assertEquals(
        "java.lang.String is not a registered wire type: annotate it @Wire"
            + " (dev.herald.annotation.Wire), and build it with herald-processor on the annotation"
            + " processor path, which generates and registers its codec",
        e.getMessage());
  }

  @Test
  void aRegistryOfChosenCodecsKnowsOnlyThose() {
    CodecRegistry codecs = CodecRegistry.of(Point_Codec.INSTANCE);

    assertTrue(codecs.contains(Point.class));
    assertThrows(IllegalArgumentException.class, () -> codecs.codec(Team.class));
  }

  private static final class OtherJarsCodec extends WireCodec<String> {
    OtherJarsCodec() {
      super(1, String.class);
    }

    @Override
    public void encode(String value, WireWriter out) {
      out.writeString(value);
    }

    @Override
    public String decode(WireReader in) {
      return in.readString();
    }
  }

  private static final class SecondPointCodec extends WireCodec<Point> {
    SecondPointCodec() {
      super(77, Point.class);
    }

    @Override
    public void encode(Point value, WireWriter out) {
      Point_Codec.INSTANCE.encode(value, out);
    }

    @Override
    public Point decode(WireReader in) {
      return Point_Codec.INSTANCE.decode(in);
    }
  }
}
