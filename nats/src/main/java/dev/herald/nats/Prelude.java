package dev.herald.nats;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;

/**
 * What a bridge writes before the message's frame in every payload: a 0 byte, the sending process's
 * incarnation (eight bytes, little-endian) and the message's number on its subject (a wire varint,
 * 0 for requests and messages to one process, which are not counted). A prelude with no frame after
 * it is an announcement: the number of the last message the sender sent on the subject, so that a
 * receiver learns of a loss at the end of a stream.
 *
 * <p>The sender's name is not here: it is the subject's second token ({@link Subjects}), which the
 * server's permissions can vouch for. The incarnation tells one run of a process from the next
 * under the same name: drawn when the bridge starts, its high 42 bits are the start time
 * (milliseconds since 1970) and its low 22 bits random. A restarted process numbers its messages
 * from 1 again; its new incarnation keeps a receiver from taking those numbers for old ones, and
 * keeps JetStream message ids from repeating across runs. The start time bounds what a sender can
 * have sent ({@link Numbering}).
 *
 * <p>Why in the payload and not in a NATS header: a message with a header costs jnats much more per
 * message than a few more bytes of payload (the measurement is in docs/performance.md). Why a 0
 * byte first: no frame starts with one (wire ids are positive), so a bare frame, as something other
 * than a bridge may publish, is still read, without a number.
 */
final class Prelude {
  /**
   * What a report names as the sender when no valid origin is known: replies to a request (they
   * come on an inbox, not a bridge's subject), and subjects that name no valid origin.
   */
  static final String UNKNOWN = "unknown";

  private static final byte MARK = 0;
  private static final int INCARNATION_BYTES = 8;

  /** The random low bits of an incarnation; the start time's milliseconds are above them. */
  static final int RANDOM_BITS = 22;

  /** The sender's incarnation; 0 for a bare frame. */
  final long incarnation;

  /** The message's number on its subject, from 1; 0 when not counted. */
  final long sequence;

  /** The message, decoded from the frame that follows the prelude; null for an announcement. */
  final Object message;

  private Prelude(long incarnation, long sequence, Object message) {
    this.incarnation = incarnation;
    this.sequence = sequence;
    this.message = message;
  }

  /** A new incarnation for a process that starts at {@code nowMillis}. */
  static long incarnation(long nowMillis, long random) {
    return (nowMillis << RANDOM_BITS) | (random & ((1L << RANDOM_BITS) - 1));
  }

  /** When the process of {@code incarnation} started, in milliseconds since 1970. */
  static long startedAt(long incarnation) {
    return incarnation >>> RANDOM_BITS;
  }

  /** The first bytes of every payload from the process of {@code incarnation}. */
  static byte[] head(long incarnation) {
    byte[] head = new byte[1 + INCARNATION_BYTES];
    head[0] = MARK;
    for (int i = 0; i < INCARNATION_BYTES; i++) {
      head[1 + i] = (byte) (incarnation >>> (8 * i));
    }
    return head;
  }

  /** The payload of {@code message} from {@code incarnation}, numbered {@code sequence}. */
  static byte[] write(CodecRegistry codecs, long incarnation, long sequence, Object message) {
    WireWriter out = WireWriter.growable(64);
    for (byte b : head(incarnation)) {
      out.writeByte(b);
    }
    out.writeLong(sequence);
    if (message != null) {
      codecs.encode(message, out);
    }
    return out.toByteArray();
  }

  /**
   * Reads a payload: prelude and frame, a prelude alone (an announcement), or a bare frame.
   *
   * @throws WireFormatException for a payload that is none of these, or has bytes after the frame
   */
  static Prelude read(CodecRegistry codecs, byte[] payload) {
    if (payload.length == 0 || payload[0] != MARK) {
      WireReader in = new WireReader(payload);
      return new Prelude(0, 0, decode(codecs, in));
    }
    if (payload.length < 2 + INCARNATION_BYTES) {
      throw new WireFormatException(
          "a bridge's prelude of " + payload.length + " bytes is cut short", 0);
    }
    long incarnation = incarnationIn(payload);
    int at = 1 + INCARNATION_BYTES;
    WireReader in = new WireReader(payload, at, payload.length - at);
    long sequence = in.readLong();
    if (sequence < 0) {
      throw new WireFormatException("a bridge's prelude with the negative number " + sequence, at);
    }
    if (!in.hasRemaining()) {
      if (sequence == 0) {
        throw new WireFormatException(
            "a bridge's prelude with neither a frame nor a number to announce", at);
      }
      return new Prelude(incarnation, sequence, null);
    }
    return new Prelude(incarnation, sequence, decode(codecs, in));
  }

  /**
   * The incarnation and number of a payload whose frame cannot be decoded, read without it; null
   * for a bare frame or a prelude cut short. The message is null: nothing was decoded.
   */
  static Prelude headOf(byte[] payload) {
    int at = 1 + INCARNATION_BYTES;
    if (payload == null || payload.length <= at || payload[0] != MARK) {
      return null;
    }
    long incarnation = incarnationIn(payload);
    try {
      long sequence = new WireReader(payload, at, payload.length - at).readLong();
      return sequence < 0 ? null : new Prelude(incarnation, sequence, null);
    } catch (WireFormatException cutShort) {
      return null;
    }
  }

  /** The incarnation a prelude holds after its mark, eight bytes little-endian ({@link #head}). */
  private static long incarnationIn(byte[] payload) {
    long incarnation = 0;
    for (int i = INCARNATION_BYTES; i > 0; i--) {
      incarnation = (incarnation << 8) | (payload[i] & 0xFF);
    }
    return incarnation;
  }

  /** Whether {@code payload} is an announcement: a prelude and its number, no frame. */
  static boolean isAnnouncement(byte[] payload) {
    int at = 1 + INCARNATION_BYTES;
    if (payload == null || payload.length <= at || payload[0] != MARK) {
      return false;
    }
    while (at < payload.length && payload[at] < 0) {
      at++; // a varint's byte with more to follow
    }
    return at == payload.length - 1;
  }

  private static Object decode(CodecRegistry codecs, WireReader in) {
    Object message = codecs.decode(in);
    if (in.hasRemaining()) {
      throw new WireFormatException(
          in.remaining() + " bytes after the end of the frame", in.position());
    }
    return message;
  }
}
