package dev.herald.micrometer;

import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.UdpNode;
import java.util.ArrayList;
import java.util.List;

/** Records what a node heard, and does to each message what the test asks. */
final class Listener implements PeerListener {
  /** What to do with each message. */
  enum OnMessage {
    KEEP,
    REPORT_UNREADABLE,
    DISCONNECT
  }

  final List<byte[]> messages = new ArrayList<>();
  final List<DisconnectReason> reasons = new ArrayList<>();
  int connected;
  UdpNode node;
  OnMessage onMessage = OnMessage.KEEP;

  @Override
  public void onConnected(Peer peer) {
    connected++;
  }

  @Override
  public void onMessage(Peer peer, byte[] payload) {
    messages.add(payload);
    if (onMessage == OnMessage.REPORT_UNREADABLE) {
      node.reportUnreadable(peer, "no codec for it");
    } else if (onMessage == OnMessage.DISCONNECT) {
      node.disconnect(peer);
    }
  }

  @Override
  public void onDisconnected(Peer peer, DisconnectReason reason) {
    reasons.add(reason);
  }
}
