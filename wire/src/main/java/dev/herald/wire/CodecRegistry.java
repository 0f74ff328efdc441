package dev.herald.wire;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Every codec of a program, by wire id and by class: encodes any wire message into a frame and
 * decodes a frame back into a message.
 *
 * <p>A <em>frame</em> is the message's wire id, then its body preceded by the body's length (the
 * same as the message would be as a field of another, see {@link WireCodec#write}). Frames can
 * follow one another in a file or a stream: each says where it ends, so a reader can step over one
 * it cannot use.
 *
 * <pre>{@code
 * CodecRegistry codecs = CodecRegistry.load();      // every generated codec on the class path
 * WireWriter out = new WireWriter(new byte[1200]);
 * codecs.encode(new ChatLine("hi"), out);           // allocates nothing
 * Object message = codecs.decode(new WireReader(out.buffer(), 0, out.position()));
 * }</pre>
 *
 * <p>Decoding a frame may make at most what its {@link DecodeBudget} allows, by default 64 bytes of
 * objects per frame byte and 64 MiB in all; {@link #withDecodeBudget} changes that.
 *
 * <p>A registry is immutable and thread-safe; writers and readers are not, so give each thread its
 * own.
 *
 * @since 0.1
 */
public final class CodecRegistry {
  private static final Comparator<WireCodec<?>> BY_ID = new ById();

  private final Map<Class<?>, WireCodec<?>> byClass;

  /** Ids in ascending order, with their codecs at the same index: looked up without boxing. */
  private final int[] ids;

  private final WireCodec<?>[] codecsById;
  private final DecodeBudget budget;

  private CodecRegistry(CodecRegistry codecs, DecodeBudget budget) {
    this.byClass = codecs.byClass;
    this.ids = codecs.ids;
    this.codecsById = codecs.codecsById;
    this.budget = budget;
  }

  private CodecRegistry(Collection<? extends WireCodec<?>> codecs) {
    budget = DecodeBudget.DEFAULT;
    List<WireCodec<?>> sorted = new ArrayList<>(codecs);
    sorted.sort(BY_ID);
    ids = new int[sorted.size()];
    codecsById = new WireCodec<?>[sorted.size()];
    byClass = new HashMap<>();
    for (int i = 0; i < sorted.size(); i++) {
      WireCodec<?> codec = sorted.get(i);
      if (i > 0 && ids[i - 1] == codec.id()) {
        throw new IllegalStateException(duplicateId(codecsById[i - 1], codec));
      }
      ids[i] = codec.id();
      codecsById[i] = codec;
      WireCodec<?> sameClass = byClass.put(codec.type(), codec);
      if (sameClass != null) {
        throw new IllegalStateException(
            "two codecs for "
                + codec.type().getName()
                + ": "
                + sameClass.getClass().getName()
                + " and "
                + codec.getClass().getName()
                + ". Is the same wire type in two jars on the class path?");
      }
    }
  }

  private static String duplicateId(WireCodec<?> first, WireCodec<?> second) {
    return "wire id "
        + first.id()
        + " is taken by both "
        + first.type().getName()
        + " and "
        + second.type().getName()
        + " (codecs "
        + first.getClass().getName()
        + " and "
        + second.getClass().getName()
        + ", perhaps from different jars): a receiver could not"
        + " tell their messages apart. Give one of them another id with @Wire(id = ...)";
  }

  /**
   * The codecs registered for {@link ServiceLoader} by Herald's processor, found through the
   * thread's context class loader.
   *
   * @throws IllegalStateException if two codecs have the same id or the same type
   */
  public static CodecRegistry load() {
    return load(Thread.currentThread().getContextClassLoader());
  }

  /** The codecs registered for {@link ServiceLoader} that {@code loader} finds. */
  public static CodecRegistry load(ClassLoader loader) {
    List<WireCodec<?>> codecs = new ArrayList<>();
    for (WireCodec<?> codec : ServiceLoader.load(WireCodec.class, loader)) {
      codecs.add(codec);
    }
    return new CodecRegistry(codecs);
  }

  /** A registry of exactly {@code codecs}. */
  public static CodecRegistry of(WireCodec<?>... codecs) {
    return new CodecRegistry(Arrays.asList(codecs));
  }

  /** A registry of exactly {@code codecs}. */
  public static CodecRegistry of(Collection<? extends WireCodec<?>> codecs) {
    return new CodecRegistry(codecs);
  }

  /**
   * These codecs, decoding with {@code budget}: what one frame may make (see {@link DecodeBudget}).
   * For a program that knows its frames are legitimately denser or larger than the default allows,
   * or one that wants a tighter cap.
   */
  public CodecRegistry withDecodeBudget(DecodeBudget budget) {
    if (budget == null) {
      throw new NullPointerException("budget");
    }
    return new CodecRegistry(this, budget);
  }

  /** What one frame may make when this registry decodes it. */
  public DecodeBudget decodeBudget() {
    return budget;
  }

  /** Every codec, by ascending id. */
  public List<WireCodec<?>> codecs() {
    return Collections.unmodifiableList(Arrays.asList(codecsById));
  }

  /** Whether {@code type} is a registered wire type. */
  public boolean contains(Class<?> type) {
    return byClass.containsKey(type);
  }

  /**
   * The codec of {@code type}.
   *
   * @throws IllegalArgumentException if {@code type} has no registered codec
   */
  @SuppressWarnings("unchecked")
  public <T> WireCodec<T> codec(Class<T> type) {
    WireCodec<?> codec = byClass.get(type);
    if (codec == null) {
      throw notAWireType(type);
    }
    return (WireCodec<T>) codec;
  }

  /** The codec with wire id {@code id}, or {@code null} if none has it. */
  public WireCodec<?> codec(int id) {
    int index = Arrays.binarySearch(ids, id);
    return index < 0 ? null : codecsById[index];
  }

  /**
   * Appends {@code message} to {@code out} as a frame. Allocates nothing (a growable writer aside).
   * If encoding fails, {@code out} is left as it was before.
   *
   * @return the frame's size in bytes
   * @throws IllegalArgumentException if the message's class is not a registered wire type
   * @throws WireOverflowException if {@code out} is full
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public int encode(Object message, WireWriter out) {
    if (message == null) {
      throw new NullPointerException("cannot encode a null message");
    }
    WireCodec codec = byClass.get(message.getClass());
    if (codec == null) {
      codec = codecOfEnumConstantWithBody(message);
    }
    int start = out.position();
    int depth = out.depth();
    try {
      codec.writeFrame(message, out);
    } catch (RuntimeException | Error e) {
      out.rollBack(start, depth);
      throw e;
    }
    return out.position() - start;
  }

  /** An enum constant with a body is an instance of an anonymous subclass of its enum. */
  private WireCodec<?> codecOfEnumConstantWithBody(Object message) {
    if (message instanceof Enum<?>) {
      WireCodec<?> codec = byClass.get(((Enum<?>) message).getDeclaringClass());
      if (codec != null) {
        return codec;
      }
    }
    throw notAWireType(message.getClass());
  }

  /** The frame of {@code message}, in an array of its own. */
  public byte[] toBytes(Object message) {
    WireWriter out = WireWriter.growable(64);
    encode(message, out);
    return out.toByteArray();
  }

  /**
   * Reads one frame and returns its message.
   *
   * <p>On a {@link WireFormatException}, {@code in} is left after the bad frame if its length could
   * be read, else at the end of its input; either way it can read the next input. A wire type's
   * constructor that rejects the decoded values (a record's compact constructor that validates)
   * makes a {@code WireFormatException} too, with the constructor's exception as its cause. So does
   * a frame whose decoding would make more than the registry's {@link DecodeBudget} allows for its
   * size.
   *
   * @throws WireFormatException whatever is wrong with the bytes; nothing else
   */
  public Object decode(WireReader in) {
    int frameStart = in.absolutePosition();
    int outerLimit = in.limit();
    int outerDepth = in.depth();
    int frameEnd = outerLimit;
    try {
      int id = in.readUnsigned();
      int idEnd = in.absolutePosition();
      int outer = in.enterNested();
      if (outer == WireReader.NULL) {
        frameEnd = in.absolutePosition();
        throw new WireFormatException(
            "a frame of wire id " + unsigned(id) + " holds null", in.offsetOf(idEnd));
      }
      frameEnd = in.limit();
      in.startBudget(budget, frameEnd - frameStart);
      WireCodec<?> codec = codec(id);
      if (codec == null) {
        throw new WireFormatException(
            "unknown wire id "
                + unsigned(id)
                + ": no codec of this program has"
                + " it (a type of a newer version, or of another program?)",
            in.offsetOf(frameStart));
      }
      Object message = codec.decode(in);
      if (message == null) {
        throw new WireFormatException(
            "a frame of " + codec.type().getName() + " holds null", in.offsetOf(idEnd));
      }
      in.exitNested(outer);
      return message;
    } catch (WireFormatException e) {
      in.recover(frameEnd, outerLimit, outerDepth);
      throw e;
    } catch (RuntimeException e) {
      in.recover(frameEnd, outerLimit, outerDepth);
      throw new WireFormatException(
          "the decoded values were refused: " + e, in.offsetOf(frameStart), e);
    }
  }

  /**
   * The message of a frame that fills {@code frame} exactly.
   *
   * @throws WireFormatException for a bad frame, or bytes after it
   */
  public Object fromBytes(byte[] frame) {
    WireReader in = new WireReader(frame);
    Object message = decode(in);
    if (in.hasRemaining()) {
      throw new WireFormatException(
          in.remaining() + " bytes after the end of the frame", in.position());
    }
    return message;
  }

  private static long unsigned(int id) {
    return id & 0xFFFFFFFFL;
  }

  private static IllegalArgumentException notAWireType(Class<?> type) {
    return new IllegalArgumentException(
        type.getName()
            + " is not a registered wire type: annotate it"
            + " @Wire (dev.herald.annotation.Wire), and build it with herald-processor on the annotation"
            + " processor path, which generates and registers its codec");
  }

  @Override
  public String toString() {
    return "CodecRegistry" + codecs() + (budget == DecodeBudget.DEFAULT ? "" : " with " + budget);
  }

  /** A class rather than a lambda: this module uses no {@code java.lang.invoke}. */
  private static final class ById implements Comparator<WireCodec<?>> {
    @Override
    public int compare(WireCodec<?> a, WireCodec<?> b) {
      return Integer.compare(a.id(), b.id());
    }
  }
}
