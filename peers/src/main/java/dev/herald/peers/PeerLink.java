package dev.herald.peers;

import dev.herald.Address;
import dev.herald.bridge.RemoteEndpoint;
import dev.herald.bridge.RemoteLink;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.UdpNode;
import dev.herald.wire.CodecRegistry;
import java.util.concurrent.atomic.LongAdder;

/** One peer as seen by the bus: its endpoint, and the link that encodes what is sent to it. */
final class PeerLink implements RemoteLink {
  private final UdpNode node;
  private final CodecRegistry codecs;
  private final LongAdder refused;
  final Peer peer;
  RemoteEndpoint endpoint;

  PeerLink(UdpNode node, CodecRegistry codecs, Peer peer, LongAdder refused) {
    this.node = node;
    this.codecs = codecs;
    this.peer = peer;
    this.refused = refused;
  }

  @Override
  public int send(Object message, Address from) {
    return send(message, new MessageDependency()) ? 1 : 0;
  }

  /**
   * Encodes and queues {@code message}, filling {@code into}; false if the peer is gone.
   *
   * @throws IllegalStateException if the peer's send window or its queue of messages waiting for
   *     the bandwidth budget is full: counted in {@code refused}
   */
  boolean send(Object message, MessageDependency into, MessageDependency... after) {
    byte[] frame =
        codecs.toBytes(message); // throws IllegalArgumentException for a type with no codec
    SendStatus status = node.trySend(peer, into, frame, after);
    if (status == SendStatus.WINDOW_FULL || status == SendStatus.QUEUE_FULL) {
      refused.increment();
      throw new IllegalStateException(
          "cannot send "
              + message.getClass().getName()
              + " to "
              + endpoint.address()
              + ": its "
              + refusal(status));
    }
    return status == SendStatus.ACCEPTED;
  }

  /** Why a send was refused, with what to do about it; to follow "its" or "whose". */
  static String refusal(SendStatus status) {
    return status == SendStatus.QUEUE_FULL
        ? "send queue is full: the messages waiting for the bandwidth budget"
            + " (ConnectionConfig.withBandwidth) fill ConnectionConfig.withMaxQueuedBytes. Send"
            + " less, or raise the budget or the queue"
        : "send window is full; the peer has not yet acknowledged the messages before it."
            + " Send less per round trip, or widen ConnectionConfig.withWindow";
  }
}
