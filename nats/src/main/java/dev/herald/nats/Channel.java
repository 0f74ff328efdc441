package dev.herald.nats;

import dev.herald.wire.WireCodec;
import dev.herald.wire.WireOverflowException;
import dev.herald.wire.WireWriter;
import java.util.Arrays;

/**
 * One subject that a bridge exports to: its messages are numbered from 1, in the order they are
 * handed to NATS, so that receivers notice gaps. A message that could not be handed over does
 * not take a number.
 *
 * <p>Each payload is written into one buffer the channel keeps, which starts with this
 * process's prelude head, written once; only the payload's own copy is made per message (the
 * client keeps the array it is given until it has written it out).
 */
final class Channel {
  final String subject;
  /** Through JetStream, with the server's acknowledgement, rather than core NATS. */
  final boolean durable;
  private final int headLength;
  private byte[] buffer;
  private WireWriter afterHead;
  private long sent;

  Channel(String subject, boolean durable, byte[] preludeHead) {
    this.subject = subject;
    this.durable = durable;
    this.headLength = preludeHead.length;
    this.buffer = Arrays.copyOf(preludeHead, Math.max(256, 2 * headLength));
    this.afterHead = new WireWriter(buffer, headLength, buffer.length - headLength);
  }

  /** The number the next message will take. Call under the channel's lock. */
  long next() {
    return sent + 1;
  }

  /** The next message was handed over. Call under the channel's lock. */
  void advance() {
    sent++;
  }

  /**
   * The payload of {@code message} as the next message: prelude and frame, in a new array.
   * Call under the channel's lock.
   */
  byte[] payload(WireCodec<Object> codec, Object message) {
    while (true) {
      afterHead.reset();
      try {
        afterHead.writeLong(next());
        codec.writeFrame(message, afterHead);
        return Arrays.copyOf(buffer, headLength + afterHead.position());
      } catch (WireOverflowException tooLarge) {
        buffer = Arrays.copyOf(buffer, 2 * buffer.length);
        afterHead = new WireWriter(buffer, headLength, buffer.length - headLength);
      }
    }
  }
}
