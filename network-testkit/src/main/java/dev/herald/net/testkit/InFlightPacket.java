package dev.herald.net.testkit;

/** A packet on a simulated link, ordered by delivery time and then by when it was queued. */
final class InFlightPacket implements Comparable<InFlightPacket> {

  final byte[] data;
  final long deliverAtNanos;
  final long sendIndex;
  final long queueIndex;

  InFlightPacket(byte[] data, long deliverAtNanos, long sendIndex, long queueIndex) {
    this.data = data;
    this.deliverAtNanos = deliverAtNanos;
    this.sendIndex = sendIndex;
    this.queueIndex = queueIndex;
  }

  @Override
  public int compareTo(InFlightPacket other) {
    int byTime = Long.compare(deliverAtNanos, other.deliverAtNanos);
    return byTime != 0 ? byTime : Long.compare(queueIndex, other.queueIndex);
  }
}
