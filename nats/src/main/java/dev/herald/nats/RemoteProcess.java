package dev.herald.nats;

import dev.herald.RemoteEndpoint;
import java.util.HashMap;
import java.util.Map;

/**
 * Another process as this bus sees it: an endpoint whose address is the {@code Envelope.from()}
 * of everything that process sends (and where local code sends messages for that process
 * alone), and the last sequence number seen on each subject, to notice what went missing.
 */
final class RemoteProcess {
  /** What {@link #accept} says of a message that arrived twice (a JetStream redelivery). */
  static final long DUPLICATE = -1;

  final String origin;
  final RemoteEndpoint endpoint;
  private final Map<String, Long> lastSequence = new HashMap<>();

  RemoteProcess(String origin, RemoteEndpoint endpoint) {
    this.origin = origin;
    this.endpoint = endpoint;
  }

  /**
   * Notes that message {@code sequence} of {@code subject} arrived.
   *
   * @return how many messages before it never arrived (0 when it follows the last one, or is
   *     the first seen), or {@link #DUPLICATE} when it, or a later one, arrived already
   */
  synchronized long accept(String subject, long sequence) {
    Long last = lastSequence.get(subject);
    if (last != null && sequence <= last) {
      return DUPLICATE;
    }
    lastSequence.put(subject, sequence);
    return last == null ? 0 : sequence - last - 1;
  }
}
