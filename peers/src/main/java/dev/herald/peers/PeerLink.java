package dev.herald.peers;

import dev.herald.Address;
import dev.herald.bridge.RemoteEndpoint;
import dev.herald.bridge.RemoteLink;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.UdpNode;
import dev.herald.wire.CodecRegistry;

/** One peer as seen by the bus: its endpoint, and the link that encodes what is sent to it. */
final class PeerLink implements RemoteLink {
  private final UdpNode node;
  private final CodecRegistry codecs;
  final Peer peer;
  RemoteEndpoint endpoint;

  PeerLink(UdpNode node, CodecRegistry codecs, Peer peer) {
    this.node = node;
    this.codecs = codecs;
    this.peer = peer;
  }

  @Override
  public int send(Object message, Address from) {
    return send(message, new MessageDependency()) ? 1 : 0;
  }

  /** Encodes and queues {@code message}, filling {@code into}; false if the peer is gone. */
  boolean send(Object message, MessageDependency into, MessageDependency... after) {
    byte[] frame =
        codecs.toBytes(message); // throws IllegalArgumentException for a type with no codec
    SendStatus status = node.trySend(peer, into, frame, after);
    if (status == SendStatus.WINDOW_FULL) {
      throw new IllegalStateException(
          "cannot send "
              + message.getClass().getName()
              + " to "
              + endpoint.address()
              + ": its send window is full; the peer has not yet acknowledged the"
              + " messages before it. Send less per round trip, or widen ConnectionConfig.withWindow");
    }
    return status == SendStatus.ACCEPTED;
  }
}
