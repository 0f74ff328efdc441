package dev.herald.peers;

import dev.herald.Address;
import dev.herald.bridge.RemoteLink;
import dev.herald.net.MessageDependency;
import dev.herald.net.SendStatus;
import dev.herald.net.udp.UdpNode;
import dev.herald.wire.CodecRegistry;
import java.util.Collection;
import java.util.concurrent.atomic.LongAdder;

/** Every connected peer at once: encodes the message once and sends it to each. */
final class AllPeersLink implements RemoteLink {
  private final UdpNode node;
  private final CodecRegistry codecs;
  private final Collection<PeerLink> links;
  private final LongAdder refused;

  AllPeersLink(UdpNode node, CodecRegistry codecs, Collection<PeerLink> links, LongAdder refused) {
    this.node = node;
    this.codecs = codecs;
    this.links = links;
    this.refused = refused;
  }

  /**
   * Returns how many peers it was queued for.
   *
   * @throws IllegalStateException after queuing it for the others, if some peer's send window or
   *     send queue was full; each such peer is counted in {@code refused}
   */
  @Override
  public int send(Object message, Address from) {
    byte[] frame = codecs.toBytes(message);
    int sent = 0;
    int windowFull = 0;
    int queueFull = 0;
    for (PeerLink link : snapshot()) {
      SendStatus status = node.trySend(link.peer, new MessageDependency(), frame);
      if (status == SendStatus.ACCEPTED) {
        sent++;
      } else if (status == SendStatus.WINDOW_FULL) {
        windowFull++;
      } else if (status == SendStatus.QUEUE_FULL) {
        queueFull++;
      }
    }
    if (windowFull + queueFull > 0) {
      refused.add(windowFull + queueFull);
      StringBuilder why = new StringBuilder();
      why.append(message.getClass().getName())
          .append(" was sent to ")
          .append(sent)
          .append(" peers but not to ")
          .append(windowFull + queueFull)
          .append(':');
      if (windowFull > 0) {
        why.append(' ')
            .append(windowFull)
            .append(" whose ")
            .append(PeerLink.refusal(SendStatus.WINDOW_FULL))
            .append('.');
      }
      if (queueFull > 0) {
        why.append(' ')
            .append(queueFull)
            .append(" whose ")
            .append(PeerLink.refusal(SendStatus.QUEUE_FULL))
            .append('.');
      }
      throw new IllegalStateException(why.toString());
    }
    return sent;
  }

  private PeerLink[] snapshot() {
    synchronized (links) {
      return links.toArray(new PeerLink[0]);
    }
  }
}
