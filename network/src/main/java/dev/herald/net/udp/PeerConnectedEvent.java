package dev.herald.net.udp;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a peer that completed the handshake with a {@link UdpNode}: what
 * the listener's {@code onConnected} hears, for a recording of a process nobody instrumented.
 */
@Name("dev.herald.net.PeerConnected")
@Label("Peer Connected")
@Description("A peer completed the handshake with a Herald UDP node")
@Category({"Herald", "Network"})
@StackTrace(false)
final class PeerConnectedEvent extends Event {

  @Label("Node Address")
  @Description("The local address of the node's socket")
  String nodeAddress;

  @Label("Node Role")
  @Description("\"server\" for a node that accepts clients, \"client\" for one that connects")
  String nodeRole;

  @Label("Peer Address")
  @Description("The peer's socket address, as the node sees it")
  String peerAddress;

  @Label("Peer Id")
  @Description("A number unique among the node's peers, in order of connection")
  long peerId;
}
