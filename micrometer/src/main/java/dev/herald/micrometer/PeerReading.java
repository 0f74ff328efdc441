package dev.herald.micrometer;

import dev.herald.net.ConnectionCounters;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.UdpNode;
import java.time.Duration;
import java.util.function.ToDoubleFunction;

/**
 * One figure of one peer's connection, read when the registry reads its meter: the peer's counters
 * are read under the node's lock, which every public method of the node takes, so that a scrape on
 * another thread reads them whole.
 */
final class PeerReading implements ToDoubleFunction<Peer> {

  /** What is read. */
  enum Figure {
    /** The smoothed round trip, in nanoseconds; NaN before the first acknowledgement. */
    ROUND_TRIP,
    /** Packets declared lost over packets sent since the peer connected; NaN before any. */
    LOSS,
    /** Packets sent to the peer. */
    PACKETS_SENT,
    /** Packets to the peer declared lost. */
    PACKETS_LOST,
    /** Messages written again to the peer. */
    RETRANSMISSIONS
  }

  private final UdpNode node;
  private final Figure figure;

  PeerReading(UdpNode node, Figure figure) {
    this.node = node;
    this.figure = figure;
  }

  @Override
  public double applyAsDouble(Peer peer) {
    if (figure == Figure.ROUND_TRIP) {
      Duration roundTrip = peer.roundTrip();
      return roundTrip == null ? Double.NaN : roundTrip.toNanos();
    }
    synchronized (node) {
      ConnectionCounters counters = peer.counters();
      switch (figure) {
        case LOSS:
          long sent = counters.packetsSent();
          return sent == 0 ? Double.NaN : (double) counters.packetsLost() / sent;
        case PACKETS_SENT:
          return counters.packetsSent();
        case PACKETS_LOST:
          return counters.packetsLost();
        default:
          return counters.retransmissions();
      }
    }
  }
}
