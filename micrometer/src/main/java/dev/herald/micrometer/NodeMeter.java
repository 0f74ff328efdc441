package dev.herald.micrometer;

import dev.herald.net.udp.NodeCounters;
import dev.herald.net.udp.UdpNode;
import java.util.function.ToDoubleFunction;

/**
 * The node-wide counters of a {@link UdpNode}, each a function counter named {@code herald.node.*}
 * that reads {@link UdpNode#counters()} when the registry reads it.
 */
enum NodeMeter implements ToDoubleFunction<UdpNode> {
  RECEIVED("herald.node.received", "datagrams", "Datagrams read from the socket") {
    @Override
    long read(NodeCounters counters) {
      return counters.datagramsReceived();
    }
  },
  SENT("herald.node.sent", "datagrams", "Datagrams handed to the socket") {
    @Override
    long read(NodeCounters counters) {
      return counters.datagramsSent();
    }
  },
  UNKNOWN(
      "herald.node.unknown",
      "datagrams",
      "Datagrams dropped unread: from an address with no connection, or naming a connection they"
          + " do not belong to") {
    @Override
    long read(NodeCounters counters) {
      return counters.unknownDatagrams();
    }
  },
  SEND_FAILED(
      "herald.node.send.failed",
      "datagrams",
      "Datagrams the socket would not take (its buffer full, or an error); the reliable layer"
          + " resends") {
    @Override
    long read(NodeCounters counters) {
      return counters.sendFailures();
    }
  },
  HANDSHAKES_MALFORMED(
      "herald.node.handshakes.malformed",
      "packets",
      "Handshake packets of the wrong size, protocol id or kind") {
    @Override
    long read(NodeCounters counters) {
      return counters.malformedHandshakes();
    }
  },
  CHALLENGES_SENT(
      "herald.node.challenges.sent",
      "packets",
      "Challenges sent in answer to connection requests") {
    @Override
    long read(NodeCounters counters) {
      return counters.challengesSent();
    }
  },
  COOKIES_BAD(
      "herald.node.cookies.bad",
      "packets",
      "Handshake responses whose cookie was wrong, expired, or minted for another address") {
    @Override
    long read(NodeCounters counters) {
      return counters.badCookies();
    }
  },
  COOKIES_REPLAYED(
      "herald.node.cookies.replayed",
      "packets",
      "Handshake responses that replayed a cookie already used to connect") {
    @Override
    long read(NodeCounters counters) {
      return counters.replayedCookies();
    }
  },
  COOKIES_STALE(
      "herald.node.cookies.stale",
      "packets",
      "Handshake responses with a valid cookie the server could not tell from a replay, answered"
          + " with a fresh challenge") {
    @Override
    long read(NodeCounters counters) {
      return counters.staleCookies();
    }
  },
  ACCEPTED("herald.node.accepted", "peers", "Clients that completed the handshake") {
    @Override
    long read(NodeCounters counters) {
      return counters.peersAccepted();
    }
  },
  REFUSED(
      "herald.node.refused",
      "peers",
      "Clients turned away because the server had its maximum of peers") {
    @Override
    long read(NodeCounters counters) {
      return counters.peersRefused();
    }
  },
  REPLACED(
      "herald.node.replaced",
      "peers",
      "Connected peers replaced by a client that came back from the same address") {
    @Override
    long read(NodeCounters counters) {
      return counters.peersReplaced();
    }
  },
  PROTOCOL_ERRORS(
      "herald.node.protocol.errors",
      "packets",
      "Packets from connected peers that the reliable layer rejected as malformed") {
    @Override
    long read(NodeCounters counters) {
      return counters.protocolErrors();
    }
  },
  SNAPSHOTS_STALE(
      "herald.node.snapshots.stale",
      "snapshots",
      "Snapshots dropped because a newer one from the same peer had arrived") {
    @Override
    long read(NodeCounters counters) {
      return counters.staleSnapshots();
    }
  },
  DISCARDED(
      "herald.node.discarded",
      "messages",
      "Messages dropped unread because their peer was disconnected while their packet was read") {
    @Override
    long read(NodeCounters counters) {
      return counters.discardedAfterDisconnect();
    }
  },
  UNREADABLE(
      "herald.node.unreadable",
      "messages",
      "Messages from connected peers that could not be read: rejected packets, and messages the"
          + " layer above reported") {
    @Override
    long read(NodeCounters counters) {
      return counters.unreadableMessages();
    }
  };

  final String meterName;
  final String baseUnit;
  final String description;

  NodeMeter(String meterName, String baseUnit, String description) {
    this.meterName = meterName;
    this.baseUnit = baseUnit;
    this.description = description;
  }

  /** This meter's count in {@code counters}. */
  abstract long read(NodeCounters counters);

  @Override
  public double applyAsDouble(UdpNode node) {
    return read(node.counters());
  }
}
