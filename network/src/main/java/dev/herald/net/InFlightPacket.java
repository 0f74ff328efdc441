package dev.herald.net;

/** A packet on a simulated link, ordered by delivery time and then by when it was queued. */
final class InFlightPacket implements Comparable<InFlightPacket> {

  final byte[] data;
  final long deliverAtMillis;
  final long sendIndex;
  final long queueIndex;

  InFlightPacket(byte[] data, long deliverAtMillis, long sendIndex, long queueIndex) {
    this.data = data;
    this.deliverAtMillis = deliverAtMillis;
    this.sendIndex = sendIndex;
    this.queueIndex = queueIndex;
  }

  @Override
  public int compareTo(InFlightPacket other) {
    int byTime = Long.compare(deliverAtMillis, other.deliverAtMillis);
    return byTime != 0 ? byTime : Long.compare(queueIndex, other.queueIndex);
  }
}
