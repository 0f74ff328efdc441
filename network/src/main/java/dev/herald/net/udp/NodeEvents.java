package dev.herald.net.udp;

import dev.herald.net.ConnectionError;
import dev.herald.net.ProtocolException;
import java.net.InetSocketAddress;
import jdk.jfr.FlightRecorder;

/**
 * What the node records for the JDK Flight Recorder, the one door to its events ({@link
 * PeerConnectedEvent}, {@link PeerDisconnectedEvent}, {@link UnreadableMessageEvent}, {@link
 * ProtocolErrorEvent}): committed only on the rare paths (a peer comes or goes, something cannot be
 * read), never for a message that arrives or leaves as it should.
 *
 * <p>Nothing here touches an event class until the Flight Recorder has started, as the bus's own
 * events do: the first event class loaded wakes the recorder's machinery, hundreds of classes, a
 * pause that a program that records nothing should not pay when its first peer connects. Once it
 * has started, each method costs a check of whether a recording wants its event.
 */
final class NodeEvents {

  private NodeEvents() {}

  /** Records that {@code peer} of the node at {@code node} connected, if the recorder wants it. */
  static void peerConnected(String node, String role, Peer peer) {
    if (!FlightRecorder.isInitialized()) {
      return;
    }
    PeerConnectedEvent event = new PeerConnectedEvent();
    if (event.shouldCommit()) {
      event.nodeAddress = node;
      event.nodeRole = role;
      event.peerAddress = text(peer.address());
      event.peerId = peer.id();
      event.commit();
    }
  }

  /** Records that {@code peer} of the node at {@code node} is gone, if the recorder wants it. */
  static void peerDisconnected(
      String node,
      String role,
      Peer peer,
      DisconnectReason reason,
      ConnectionError error,
      boolean wasConnected) {
    if (!FlightRecorder.isInitialized()) {
      return;
    }
    PeerDisconnectedEvent event = new PeerDisconnectedEvent();
    if (event.shouldCommit()) {
      event.nodeAddress = node;
      event.nodeRole = role;
      event.peerAddress = text(peer.address());
      event.peerId = peer.id();
      event.reason = reason.name();
      event.connectionError = error == null ? null : error.name();
      event.wasConnected = wasConnected;
      event.unreadableMessages = peer.unreadableMessages();
      event.commit();
    }
  }

  /** Records an unreadable message from {@code peer}, already counted, if the recorder wants it. */
  static void unreadable(String node, Peer peer, String reason) {
    if (!FlightRecorder.isInitialized()) {
      return;
    }
    UnreadableMessageEvent event = new UnreadableMessageEvent();
    if (event.shouldCommit()) {
      event.nodeAddress = node;
      event.peerAddress = text(peer.address());
      event.peerId = peer.id();
      event.reason = UnreadableMessages.shorten(reason);
      event.unreadableMessages = peer.unreadableMessages();
      event.commit();
    }
  }

  /** Records a packet from {@code peer} that broke the protocol, if the recorder wants it. */
  static void protocolError(String node, Peer peer, ProtocolException rejected) {
    if (!FlightRecorder.isInitialized()) {
      return;
    }
    ProtocolErrorEvent event = new ProtocolErrorEvent();
    if (event.shouldCommit()) {
      event.nodeAddress = node;
      event.peerAddress = text(peer.address());
      event.peerId = peer.id();
      event.error = rejected.error().name();
      event.detail = rejected.getMessage();
      event.commit();
    }
  }

  /** {@code 127.0.0.1:7777}, {@code [::1]:7777}: the address as a recording shows it. */
  static String text(InetSocketAddress address) {
    if (address == null) {
      return null;
    }
    String host = address.getHostString();
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + address.getPort();
  }
}
