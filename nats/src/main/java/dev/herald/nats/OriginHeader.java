package dev.herald.nats;

import io.nats.client.Message;
import io.nats.client.impl.Headers;

/**
 * The one header a bridge adds to what it exports: {@code Herald-Origin: <origin> <sequence>},
 * the sending process's name and the message's number on its subject. It makes
 * {@code Envelope.from()} (the payload never does) and lets the receiver count what was lost.
 */
final class OriginHeader {
  static final String NAME = "Herald-Origin";
  /** What a message without the header (published by something other than a bridge) is from. */
  static final String UNKNOWN = "unknown";

  final String origin;
  /**
   * The message's number on its subject, from 1; 0 for a request (not counted) and when the
   * header is absent.
   */
  final long sequence;

  private OriginHeader(String origin, long sequence) {
    this.origin = origin;
    this.sequence = sequence;
  }

  /** True for a request: a message sent with a reply subject to answer, and not counted. */
  boolean isRequest(Message message) {
    return sequence == 0 && message.getReplyTo() != null;
  }

  static Headers of(String origin, long sequence) {
    return new Headers().put(NAME, origin + " " + sequence);
  }

  /**
   * The header of {@code message}; {@link #UNKNOWN} with sequence 0 when it has none.
   *
   * @throws IllegalArgumentException if the header is there but not as a bridge writes it
   */
  static OriginHeader read(Message message) {
    Headers headers = message.getHeaders();
    String value = headers == null ? null : headers.getFirst(NAME);
    if (value == null) {
      return new OriginHeader(UNKNOWN, 0);
    }
    int space = value.lastIndexOf(' ');
    try {
      long sequence = Long.parseLong(value.substring(space + 1));
      if (space > 0 && sequence >= 0) {
        return new OriginHeader(value.substring(0, space), sequence);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "its " + NAME + " header \"" + value + "\" is not <origin> <sequence number>");
  }
}
