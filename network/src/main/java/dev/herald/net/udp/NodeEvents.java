package dev.herald.net.udp;

import java.net.InetSocketAddress;

/**
 * What the node's flight recorder events share: how they write an address. The events themselves
 * ({@link PeerConnectedEvent}, {@link PeerDisconnectedEvent}, {@link UnreadableMessageEvent},
 * {@link ProtocolErrorEvent}) are committed only on the rare paths (a peer comes or goes, something
 * cannot be read), never for a message that arrives or leaves as it should.
 */
final class NodeEvents {

  private NodeEvents() {}

  /** {@code 127.0.0.1:7777}, {@code [::1]:7777}: the address as a recording shows it. */
  static String text(InetSocketAddress address) {
    if (address == null) {
      return null;
    }
    String host = address.getHostString();
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + address.getPort();
  }
}
