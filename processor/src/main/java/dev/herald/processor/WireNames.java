package dev.herald.processor;

import dev.herald.processor.model.QualifiedName;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Every name the codec processors generate or refer to, and the wire ids, in one place. */
public final class WireNames {

  public static final String WIRE = "dev.herald.annotation.Wire";
  public static final String WIRE_PACKAGE = "dev.herald.wire";
  public static final String WIRE_CODEC = "WireCodec";
  public static final String WIRE_WRITER = "WireWriter";
  public static final String WIRE_READER = "WireReader";
  public static final String GENERATED_CODEC = "GeneratedCodec";

  /** The marker on generated codecs that {@link CodecIndexProcessor} reads. */
  public static final String GENERATED_CODEC_ANNOTATION = WIRE_PACKAGE + "." + GENERATED_CODEC;

  public static final String WIRE_CODEC_CLASS = WIRE_PACKAGE + "." + WIRE_CODEC;

  /** The {@link java.util.ServiceLoader} registration of every codec. */
  public static final String CODEC_SERVICE_FILE = "META-INF/services/" + WIRE_CODEC_CLASS;

  /** The value of {@code @Generated} on codecs. */
  public static final String CODEC_GENERATOR = "dev.herald.processor.WireProcessor";

  /** The constant that holds a codec's wire id. */
  public static final String ID_FIELD = "ID";

  /**
   * Derived ids are this or above; choosing explicit ids below it (one to four bytes on the
   * wire) keeps them apart from every derived id.
   */
  public static final int DERIVED_ID_BASE = 0x100_0000;

  private static final String CODEC_SUFFIX = "_Codec";
  private static final int FNV_OFFSET_BASIS = 0x811C9DC5;
  private static final int FNV_PRIME = 0x01000193;

  /** {@code demo.Outer_Inner_Codec} for {@code demo.Outer.Inner}. */
  public static QualifiedName codecOf(TypeElement type, Elements elements) {
    Deque<String> names = new ArrayDeque<>();
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      names.addFirst(e.getSimpleName().toString());
    }
    return new QualifiedName(
        elements.getPackageOf(type).getQualifiedName().toString(),
        String.join("_", names) + CODEC_SUFFIX);
  }

  /**
   * The id of a wire type without an explicit one: the 32-bit FNV-1a hash of the UTF-8 bytes
   * of its canonical name, as unsigned, reduced into {@code 0x1000000} to
   * {@code 0x7FFFFFFF}. Documented on {@code @Wire}; it must never change.
   */
  public static int derivedId(String canonicalName) {
    int hash = FNV_OFFSET_BASIS;
    for (byte b : canonicalName.getBytes(StandardCharsets.UTF_8)) {
      hash ^= b & 0xFF;
      hash *= FNV_PRIME;
    }
    long range = 0x8000_0000L - DERIVED_ID_BASE;
    return (int) (DERIVED_ID_BASE + Integer.toUnsignedLong(hash) % range);
  }

  private WireNames() {}
}
