package dev.herald.processor;

import dev.herald.processor.model.QualifiedName;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Every name Herald's processors generate or refer to, in one place, and the wire ids that codecs
 * derive from names.
 */
public final class GeneratedNames {

  /** The value of {@code @Generated} on dispatchers. */
  public static final String DISPATCHER_GENERATOR = "dev.herald.processor.SubscribeProcessor";

  /** The value of {@code @Generated} on indexes. */
  public static final String INDEX_GENERATOR = "dev.herald.processor.IndexProcessor";

  public static final String SUBSCRIBE = "dev.herald.annotation.Subscribe";
  public static final String CONTRACT_PACKAGE = "dev.herald.internal.generated";
  public static final String RUNTIME_PACKAGE = "dev.herald";
  public static final String ENVELOPE = "Envelope";
  public static final String DISPATCHER = "Dispatcher";
  public static final String HANDLER_INFO = "HandlerInfo";
  public static final String HANDLER_CALL = "HandlerCall";

  /** The dispatcher's nested class of handlers bound to a listener. */
  public static final String BOUND_CALL = "Call";

  public static final String DISPATCHER_INDEX = "DispatcherIndex";
  public static final String GENERATED_PACKAGE = "javax.annotation.processing";
  public static final String GENERATED = "Generated";
  public static final String GENERATED_DISPATCHER = "GeneratedDispatcher";

  /** The marker on generated dispatchers that the index processor reads. */
  public static final String GENERATED_DISPATCHER_ANNOTATION =
      CONTRACT_PACKAGE + "." + GENERATED_DISPATCHER;

  /** {@code javax.annotation.processing.Generated}, on every file Herald writes. */
  public static final String GENERATED_ANNOTATION = GENERATED_PACKAGE + "." + GENERATED;

  /** The {@link java.util.ServiceLoader} registration of every dispatcher. */
  public static final String DISPATCHER_SERVICE_FILE =
      "META-INF/services/" + CONTRACT_PACKAGE + "." + DISPATCHER;

  /** {@code -Aherald.index=com.acme.MyIndex} names the index class. */
  public static final String INDEX_OPTION = "herald.index";

  // ---- @Wire types and their codecs ---------------------------------------------------

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
  public static final String CODEC_ID_FIELD = "ID";

  // ---- The message map: what each listener handles and what crosses the process ----------

  /** The folder of the class output that holds the message map's files. */
  public static final String MAP_FOLDER = "META-INF/herald/map/";

  /** The first line of every file of the message map: its format and version. */
  public static final String MAP_FORMAT = "herald-map 1";

  /** The map files of the listeners that have a registered dispatcher, one a line. */
  public static final String LISTENER_MAP_INDEX = MAP_FOLDER + "listeners.index";

  /** The map files of the wire types that have a registered codec, one a line. */
  public static final String WIRE_MAP_INDEX = MAP_FOLDER + "wire.index";

  /**
   * Derived ids are this or above; choosing explicit ids below it (one to four bytes on the wire)
   * keeps them apart from every derived id.
   */
  public static final int DERIVED_ID_BASE = 0x100_0000;

  private static final String CODEC_SUFFIX = "_Codec";
  private static final int FNV_OFFSET_BASIS = 0x811C9DC5;
  private static final int FNV_PRIME = 0x01000193;

  private static final String DISPATCHER_SUFFIX = "_Dispatcher";

  /** The name of a top-level class. */
  public static QualifiedName nameOf(TypeElement topLevel, Elements elements) {
    return new QualifiedName(
        elements.getPackageOf(topLevel).getQualifiedName().toString(),
        topLevel.getSimpleName().toString());
  }

  /** {@code demo.Outer_Inner_Dispatcher} for {@code demo.Outer.Inner}. */
  public static QualifiedName dispatcherOf(TypeElement listener, Elements elements) {
    return besideWithSuffix(listener, DISPATCHER_SUFFIX, elements);
  }

  /** The binary name of a class, as {@link Class#getName()} gives it. */
  public static String binaryName(TypeElement type, Elements elements) {
    return elements.getBinaryName(type).toString();
  }

  /**
   * The index named by {@code -Aherald.index}; a compilation that needs a second index (for
   * listeners that appeared after the first was written) gets {@code MyIndex2} and so on.
   *
   * @return {@code null} if the option is not a qualified class name
   */
  public static QualifiedName indexFromOption(String option, int ordinal) {
    String name = option.trim();
    if (!SourceVersion.isName(name)) {
      return null;
    }
    int dot = name.lastIndexOf('.');
    String simpleName = name.substring(dot + 1) + (ordinal == 0 ? "" : String.valueOf(ordinal + 1));
    return new QualifiedName(dot < 0 ? "" : name.substring(0, dot), simpleName);
  }

  /**
   * The one map file of the listeners, with every registered dispatcher's entry, as the listener
   * index lists it (relative to {@link #MAP_FOLDER}).
   */
  public static final String LISTENERS_MAP = "listeners.map";

  /** {@code demo.Outer$Inner.wire}: the map file of a wire type, by its binary name. */
  public static String wireMapOf(String binaryName) {
    return binaryName + ".wire";
  }

  /** {@code demo.Outer_Inner_Codec} for {@code demo.Outer.Inner}. */
  public static QualifiedName codecOf(TypeElement type, Elements elements) {
    return besideWithSuffix(type, CODEC_SUFFIX, elements);
  }

  /**
   * The id of a wire type without an explicit one: the 32-bit FNV-1a hash of the UTF-8 bytes of its
   * canonical name, as unsigned, reduced into {@code 0x1000000} to {@code 0x7FFFFFFF}. Documented
   * on {@code @Wire}; it must never change.
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

  /** {@code demo.Outer_Inner<suffix>}, in the package of {@code demo.Outer.Inner}. */
  private static QualifiedName besideWithSuffix(
      TypeElement type, String suffix, Elements elements) {
    Deque<String> names = new ArrayDeque<>();
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      names.addFirst(e.getSimpleName().toString());
    }
    return new QualifiedName(
        elements.getPackageOf(type).getQualifiedName().toString(),
        String.join("_", names) + suffix);
  }

  private GeneratedNames() {}
}
