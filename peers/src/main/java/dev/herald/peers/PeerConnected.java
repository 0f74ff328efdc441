package dev.herald.peers;

import dev.herald.Address;
import java.net.InetSocketAddress;
import java.util.Objects;

/**
 * Posted on the bus when a peer completes the handshake, as sent from the peer ({@code
 * Envelope.from()} is {@link #peer()}). From then on, messages can be sent to it.
 *
 * @param peer the peer's address on this bus: send to it, compare senders with it
 * @param socketAddress where the peer's datagrams come from, as this side sees it
 * @since 0.1
 */
public record PeerConnected(Address peer, InetSocketAddress socketAddress) {
  // written out: a record's generated equals, hashCode and toString are invokedynamic calls
  // (java.lang.invoke), which Herald's artifacts never make

  @Override
  public boolean equals(Object other) {
    return other instanceof PeerConnected that
        && Objects.equals(peer, that.peer)
        && Objects.equals(socketAddress, that.socketAddress);
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hashCode(peer) + Objects.hashCode(socketAddress);
  }

  @Override
  public String toString() {
    return "PeerConnected[peer=" + peer + ", socketAddress=" + socketAddress + "]";
  }
}
