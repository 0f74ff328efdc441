package dev.herald.peers;

import dev.herald.Address;
import dev.herald.bridge.RemoteLink;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.udp.UdpNode;
import dev.herald.wire.CodecRegistry;
import java.util.Collection;

/** Every connected peer at once: encodes the message once and sends it to each. */
final class AllPeersLink implements RemoteLink {
  private final UdpNode node;
  private final CodecRegistry codecs;
  private final Collection<PeerLink> links;

  AllPeersLink(UdpNode node, CodecRegistry codecs, Collection<PeerLink> links) {
    this.node = node;
    this.codecs = codecs;
    this.links = links;
  }

  /**
   * Returns how many peers it was queued for.
   *
   * @throws IllegalStateException after queuing it for the others, if some peer's send window was
   *     full
   */
  @Override
  public int send(Object message, Address from) {
    byte[] frame = codecs.toBytes(message);
    int sent = 0;
    int full = 0;
    for (PeerLink link : snapshot()) {
      SendStatus status = node.trySend(link.peer, new MessageDependency(), frame);
      if (status == SendStatus.ACCEPTED) {
        sent++;
      } else if (status == SendStatus.WINDOW_FULL) {
        full++;
      }
    }
    if (full > 0) {
      throw new IllegalStateException(
          message.getClass().getName()
              + " was sent to "
              + sent
              + " peers but not to "
              + full
              + " whose send windows were full: they have not yet acknowledged the messages before it."
              + " Send less per round trip, or widen ConnectionConfig.withWindow");
    }
    return sent;
  }

  private PeerLink[] snapshot() {
    synchronized (links) {
      return links.toArray(new PeerLink[0]);
    }
  }
}
