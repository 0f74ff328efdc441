package dev.herald.net.udp;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of one message from a peer that the layer above the node could not
 * read ({@link UdpNode#reportUnreadable}; for a {@code UdpBridge}, a message that did not decode).
 * Unlike the log, which summarises, it records each one; packets the reliable layer itself rejected
 * are {@link ProtocolErrorEvent}s.
 */
@Name("dev.herald.net.UnreadableMessage")
@Label("Unreadable Message")
@Description(
    "A message from a peer of a Herald UDP node could not be read by the layer above the node")
@Category({"Herald", "Network"})
@StackTrace(false)
final class UnreadableMessageEvent extends Event {

  @Label("Node Address")
  @Description("The local address of the node's socket")
  String nodeAddress;

  @Label("Peer Address")
  @Description("The peer's socket address, as the node sees it")
  String peerAddress;

  @Label("Peer Id")
  @Description("A number unique among the node's peers, in order of connection")
  long peerId;

  @Label("Reason")
  @Description("What was wrong, as the layer above said it (at most 200 characters)")
  String reason;

  @Label("Unreadable Messages")
  @Description("How many messages from the peer could not be read, this one included")
  long unreadableMessages;
}
