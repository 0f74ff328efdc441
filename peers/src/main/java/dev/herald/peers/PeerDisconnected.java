package dev.herald.peers;

import dev.herald.Address;
import dev.herald.net.udp.DisconnectReason;
import java.util.Objects;

/**
 * Posted on the bus when a peer is gone, as sent from the peer; after it, what is sent to {@link
 * #peer()} reaches nobody. A client whose handshake failed hears it too, with {@link
 * DisconnectReason#HANDSHAKE_TIMED_OUT} or {@link DisconnectReason#SERVER_FULL}. A peer that kept
 * sending messages that did not decode is disconnected with {@link
 * DisconnectReason#UNREADABLE_MESSAGES}.
 *
 * @param peer the peer's address on this bus
 * @param reason why it is gone
 * @since 0.1
 */
public record PeerDisconnected(Address peer, DisconnectReason reason) {
  // written out: a record's generated equals, hashCode and toString are invokedynamic calls
  // (java.lang.invoke), which Herald's artifacts never make

  @Override
  public boolean equals(Object other) {
    return other instanceof PeerDisconnected that
        && Objects.equals(peer, that.peer)
        && reason == that.reason;
  }

  @Override
  public int hashCode() {
    return 31 * Objects.hashCode(peer) + Objects.hashCode(reason);
  }

  @Override
  public String toString() {
    return "PeerDisconnected[peer=" + peer + ", reason=" + reason + "]";
  }
}
