package dev.herald.net.udp;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a peer that is gone, or of a server a client never reached: what
 * the listener's {@code onDisconnected} hears, with the reliable layer's error when it failed.
 */
@Name("dev.herald.net.PeerDisconnected")
@Label("Peer Disconnected")
@Description("A peer of a Herald UDP node is gone, or a client's handshake with its server failed")
@Category({"Herald", "Network"})
@StackTrace(false)
final class PeerDisconnectedEvent extends Event {

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

  @Label("Reason")
  @Description("Why the peer is gone: a DisconnectReason")
  String reason;

  @Label("Connection Error")
  @Description(
      "What the reliable layer reported when it failed (a ConnectionError), or null when it did"
          + " not")
  String connectionError;

  @Label("Was Connected")
  @Description("Whether the handshake had completed: false for a client whose server never took it")
  boolean wasConnected;

  @Label("Unreadable Messages")
  @Description("How many messages from the peer could not be read, in all")
  long unreadableMessages;
}
