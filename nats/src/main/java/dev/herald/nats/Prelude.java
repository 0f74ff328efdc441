package dev.herald.nats;

import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;

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
 */
final class Prelude {
  /** What a message without a prelude (published by something other than a bridge) is from. */
  static final String UNKNOWN = "unknown";
  private static final byte MARK = 0;

  final String origin;
  /** The message's number on its subject, from 1; 0 when not counted. */
  final long sequence;
  /** The message, decoded from the frame that follows the prelude. */
  final Object message;

  private Prelude(String origin, long sequence, Object message) {
    this.origin = origin;
    this.sequence = sequence;
    this.message = message;
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
    String origin = UNKNOWN;
    long sequence = 0;
    if (payload.length > 0 && payload[0] == MARK) {
      in.readByte();
      origin = in.readString();
      sequence = in.readLong();
      if (origin == null || origin.isEmpty() || sequence < 0) {
        throw new WireFormatException("a bridge's prelude names no origin, or a negative number", 0);
      }
    }
    Object message = codecs.decode(in);
    if (in.hasRemaining()) {
      throw new WireFormatException(in.remaining() + " bytes after the end of the frame", in.position());
    }
    return new Prelude(origin, sequence, message);
  }
}
