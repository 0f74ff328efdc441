package dev.herald.nats;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.util.Arrays;

/**
 * What a bridge writes before the message's frame in every payload: a 0 byte, the sending
 * process's name (a wire string) and the message's number on its subject (a wire varint, 0 for
 * requests and messages to one process, which are not counted). It makes {@code Envelope.from()}
 * (the message never does) and lets the receiver count what was lost.
 *
 * <p>Why in the payload and not in a NATS header: a header made jnats 2.4 times slower per
 * message on loopback (see benchmarks/RESULTS.md). Why a 0 byte first: no frame starts with
 * one (wire ids are positive), so a bare frame, as something other than a bridge may publish,
 * is still read, as from {@link #UNKNOWN}.
 *
 * <p>A payload read keeps the sender's name as bytes: the importer compares them with those of
 * the process it heard from last, which is nearly always the same, so most payloads make no
 * string of the name.
 */
final class Prelude {
  /** What a message without a prelude (published by something other than a bridge) is from. */
  static final String UNKNOWN = "unknown";
  private static final byte MARK = 0;

  private final byte[] payload;
  /** Where the origin's wire string (length, then UTF-8) starts in the payload; 0 for none. */
  private final int originAt;
  /** Where the origin's UTF-8 bytes are in the payload: from here to {@link #originEnd}. */
  private final int nameAt;
  private final int originEnd;
  /** The message's number on its subject, from 1; 0 when not counted. */
  final long sequence;
  /** The message, decoded from the frame that follows the prelude. */
  final Object message;

  private Prelude(byte[] payload, int originAt, int nameAt, int originEnd, long sequence, Object message) {
    this.payload = payload;
    this.originAt = originAt;
    this.nameAt = nameAt;
    this.originEnd = originEnd;
    this.sequence = sequence;
    this.message = message;
  }

  /** The first bytes of every payload from {@code origin}: the mark and the name. */
  static byte[] head(String origin) {
    WireWriter out = WireWriter.growable(8 + 3 * origin.length());
    out.writeByte(MARK);
    out.writeString(origin);
    return out.toByteArray();
  }

  /** The payload of {@code message} from {@code origin}, numbered {@code sequence}. */
  static byte[] write(CodecRegistry codecs, String origin, long sequence, Object message) {
    WireWriter out = WireWriter.growable(32 + origin.length());
    out.writeByte(MARK);
    out.writeString(origin);
    out.writeLong(sequence);
    codecs.encode(message, out);
    return out.toByteArray();
  }

  /**
   * Reads a payload: prelude and frame, or a bare frame.
   *
   * @throws WireFormatException for a payload that is neither, or has bytes after the frame
   */
  static Prelude read(CodecRegistry codecs, byte[] payload) {
    WireReader in = new WireReader(payload);
    int originAt = 0;
    int nameAt = 0;
    int originEnd = 0;
    long sequence = 0;
    if (payload.length > 0 && payload[0] == MARK) {
      in.readByte();
      originAt = in.position();
      // a wire string has the shape of a nested value (its length plus one, then the bytes):
      // entering and leaving it steps over the name, checked, without making a string of it
      int outer = in.enterNested();
      if (outer != WireReader.NULL) {
        in.exitNested(outer);
        originEnd = in.position();
      }
      nameAt = originAt + 1;
      while (nameAt < originEnd && payload[nameAt - 1] < 0) {
        nameAt++; // the length took more than one byte
      }
      sequence = in.readLong();
      if (nameAt >= originEnd || sequence < 0) {
        throw new WireFormatException("a bridge's prelude names no origin, or a negative number", 0);
      }
    }
    Object message = codecs.decode(in);
    if (in.hasRemaining()) {
      throw new WireFormatException(in.remaining() + " bytes after the end of the frame", in.position());
    }
    return new Prelude(payload, originAt, nameAt, originEnd, sequence, message);
  }

  /** Whether the payload has a prelude whose name is {@code name} (as UTF-8). */
  boolean isFrom(byte[] name) {
    return originEnd > 0 && Arrays.equals(payload, nameAt, originEnd, name, 0, name.length);
  }

  /** The sending process's name, or {@link #UNKNOWN} for a bare frame. */
  String origin() {
    if (originEnd == 0) {
      return UNKNOWN;
    }
    // read as a wire string after all: that checks it is well-formed UTF-8
    return new WireReader(payload, originAt, originEnd - originAt).readString();
  }
}
