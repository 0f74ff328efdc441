package dev.herald.nats;

import dev.herald.wire.WireCodec;
import dev.herald.wire.WireOverflowException;
import dev.herald.wire.WireWriter;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One subject that a bridge exports to: its messages are numbered from 1, in the order they are
 * handed to NATS, so that receivers notice gaps. A message that could not be handed over does not
 * take a number.
 *
 * <p>Through core NATS the channel also announces, on the same subject, the number of the last
 * message it sent: a receiver that missed the last messages of a stream has no later message to
 * show it the gap, and learns of it from the announcement. It announces at the bridge's first tick
 * after it sent something, then, while it sends nothing more, after 1, 2, 4 and 8 more ticks, and
 * then every {@value #QUIET_LIMIT}: a receiver that was away when the loss happened learns of it at
 * most {@value #QUIET_LIMIT} ticks after it is back, as long as this process runs. An announcement
 * is published under the channel's lock, like the messages, so it follows the messages it counts.
 *
 * <p>Each payload is written into one buffer the channel keeps, which starts with this process's
 * prelude head, written once; only the payload's own copy is made per message (the client keeps the
 * array it is given until it has written it out).
 */
final class Channel {
  /** The most ticks between two announcements of a channel that has sent something. */
  static final int QUIET_LIMIT = 16;

  /** The subject as published: the user's, with this process's origin as second token. */
  final String subject;

  /** The subject as the user named it, for reports. */
  final String name;

  /** Through JetStream, with the server's acknowledgement, rather than core NATS. */
  final boolean durable;

  private final int headLength;
  private byte[] buffer;
  private WireWriter afterHead;

  /**
   * Messages handed over: written under the channel's lock, with a release store (no fence on the
   * publishing path), and read without it by {@link #sentCount()}.
   */
  private final AtomicLong sent = new AtomicLong();

  /** The number announced last, and the ticks since it changed. */
  private long announced;

  private int quietTicks;

  Channel(String name, String subject, boolean durable, byte[] preludeHead) {
    this.name = name;
    this.subject = subject;
    this.durable = durable;
    this.headLength = preludeHead.length;
    this.buffer = Arrays.copyOf(preludeHead, Math.max(256, 2 * headLength));
    this.afterHead = new WireWriter(buffer, headLength, buffer.length - headLength);
  }

  /** The number the next message will take. Call under the channel's lock. */
  long next() {
    return sent.getPlain() + 1;
  }

  /** The next message was handed over. Call under the channel's lock. */
  void advance() {
    sent.setRelease(sent.getPlain() + 1);
  }

  /** How many messages were handed over. Any thread, with or without the lock. */
  long sentCount() {
    return sent.getAcquire();
  }

  /**
   * The payload of {@code message} as the next message: prelude and frame, in a new array. Call
   * under the channel's lock.
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

  /**
   * The announcement due at this tick (the prelude with the last number and no frame), or null.
   * Call under the channel's lock; {@code closing} asks for one if anything is unannounced.
   */
  byte[] announcementAt(boolean closing) {
    long last = sent.getPlain();
    if (durable || last == 0) {
      return null;
    }
    if (last != announced) {
      announced = last;
      quietTicks = 0;
    } else if (closing) {
      return null;
    } else {
      quietTicks++;
      boolean due =
          quietTicks < QUIET_LIMIT
              ? Integer.bitCount(quietTicks) == 1 // 1, 2, 4, 8
              : quietTicks % QUIET_LIMIT == 0;
      if (!due) {
        return null;
      }
    }
    afterHead.reset();
    afterHead.writeLong(last);
    return Arrays.copyOf(buffer, headLength + afterHead.position());
  }
}
