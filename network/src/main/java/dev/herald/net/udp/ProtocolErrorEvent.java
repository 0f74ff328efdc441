package dev.herald.net.udp;

import dev.herald.net.ProtocolException;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a packet from a connected peer that the reliable layer rejected
 * (a {@link ProtocolException}): it carried the connection's token but broke the protocol, so
 * nothing in it was executed or acknowledged. Each also counts as an unreadable message of the
 * peer, which ends a peer that sends too many.
 */
@Name("dev.herald.net.ProtocolError")
@Label("Protocol Error")
@Description(
    "A packet from a connected peer of a Herald UDP node broke the protocol and was discarded")
@Category({"Herald", "Network"})
@StackTrace(false)
final class ProtocolErrorEvent extends Event {

  @Label("Node Address")
  @Description("The local address of the node's socket")
  String nodeAddress;

  @Label("Peer Address")
  @Description("The peer's socket address, as the node sees it")
  String peerAddress;

  @Label("Peer Id")
  @Description("A number unique among the node's peers, in order of connection")
  long peerId;

  @Label("Error")
  @Description("What was wrong with the packet: a ProtocolError")
  String error;

  @Label("Detail")
  @Description("The rejection's message: the error's description and the offending values")
  String detail;
}
