package dev.herald.net.udp;

/**
 * What a {@link UdpNode} has done with datagrams, as of when {@link UdpNode#counters()} was called:
 * an immutable snapshot. The reliable layer's own counters are per peer ({@link Peer#counters()}).
 *
 * @since 0.1
 */
public final class NodeCounters {

  long datagramsReceived;
  long datagramsSent;
  long unknownDatagrams;
  long malformedHandshakes;
  long challengesSent;
  long badCookies;
  long replayedCookies;
  long staleCookies;
  long peersReplaced;
  long peersRefused;
  long peersAccepted;
  long protocolErrors;
  long staleSnapshots;
  long sendFailures;
  long discardedAfterDisconnect;
  long unreadableMessages;

  NodeCounters() {}

  NodeCounters copy() {
    NodeCounters copy = new NodeCounters();
    copy.datagramsReceived = datagramsReceived;
    copy.datagramsSent = datagramsSent;
    copy.unknownDatagrams = unknownDatagrams;
    copy.malformedHandshakes = malformedHandshakes;
    copy.challengesSent = challengesSent;
    copy.badCookies = badCookies;
    copy.replayedCookies = replayedCookies;
    copy.staleCookies = staleCookies;
    copy.peersReplaced = peersReplaced;
    copy.peersRefused = peersRefused;
    copy.peersAccepted = peersAccepted;
    copy.protocolErrors = protocolErrors;
    copy.staleSnapshots = staleSnapshots;
    copy.sendFailures = sendFailures;
    copy.discardedAfterDisconnect = discardedAfterDisconnect;
    copy.unreadableMessages = unreadableMessages;
    return copy;
  }

  /** Datagrams read from the socket, whatever became of them. */
  public long datagramsReceived() {
    return datagramsReceived;
  }

  /** Datagrams handed to the socket. */
  public long datagramsSent() {
    return datagramsSent;
  }

  /**
   * Datagrams dropped unread because they came from an address with no connection and were no
   * handshake packet, or named a connection they do not belong to (a wrong token in a disconnect or
   * snapshot). Packets with a wrong token for a connected address are counted by that peer's
   * connection ({@code foreignPackets}).
   */
  public long unknownDatagrams() {
    return unknownDatagrams;
  }

  /** Handshake packets of the wrong size, protocol id or kind. */
  public long malformedHandshakes() {
    return malformedHandshakes;
  }

  /** Challenges sent in answer to connection requests. */
  public long challengesSent() {
    return challengesSent;
  }

  /** Responses whose cookie was wrong, expired, or minted for another address. */
  public long badCookies() {
    return badCookies;
  }

  /**
   * Responses that replayed a cookie already used to connect: nothing else. (A client that comes
   * back from the address of a connected peer with a cookie of its own is no replay: see {@link
   * #peersReplaced()}.)
   */
  public long replayedCookies() {
    return replayedCookies;
  }

  /**
   * Responses with a valid, unused cookie that the server could not tell from a replay: older than
   * a used cookie it had to forget to keep its memory bounded, or than the cookie of the connection
   * at the same address. Each is answered with a fresh challenge (and counted in {@link
   * #challengesSent()}), so a real client still gets in.
   */
  public long staleCookies() {
    return staleCookies;
  }

  /**
   * Clients that completed the handshake from the address of a connected peer, with a cookie newer
   * than that peer's: the old connection ended with {@link DisconnectReason#REPLACED}. Counted in
   * {@link #peersAccepted()} too.
   */
  public long peersReplaced() {
    return peersReplaced;
  }

  /**
   * Clients turned away because the server had its maximum of peers connected: only then (the
   * memory of used cookies never refuses anyone).
   */
  public long peersRefused() {
    return peersRefused;
  }

  /** Clients that completed the handshake. */
  public long peersAccepted() {
    return peersAccepted;
  }

  /** Packets from connected peers that the reliable layer rejected as malformed. */
  public long protocolErrors() {
    return protocolErrors;
  }

  /** Snapshots dropped because a newer one from the same peer had arrived. */
  public long staleSnapshots() {
    return staleSnapshots;
  }

  /**
   * Datagrams the socket would not take (its buffer full, or an error); the reliable layer resends.
   */
  public long sendFailures() {
    return sendFailures;
  }

  /**
   * Messages dropped unread because their peer was disconnected while the packet that held them was
   * being read (a listener that kicked the peer or closed the node): nothing from a peer reaches
   * the listener after it is gone.
   */
  public long discardedAfterDisconnect() {
    return discardedAfterDisconnect;
  }

  /**
   * Messages from connected peers that could not be read: packets the reliable layer rejected (also
   * in {@link #protocolErrors()}) and messages reported with {@link UdpNode#reportUnreadable}. Per
   * peer: {@link Peer#unreadableMessages()}.
   */
  public long unreadableMessages() {
    return unreadableMessages;
  }

  @Override
  public String toString() {
    return "NodeCounters[received "
        + datagramsReceived
        + ", sent "
        + datagramsSent
        + ", unknown "
        + unknownDatagrams
        + ", malformed handshakes "
        + malformedHandshakes
        + ", challenges "
        + challengesSent
        + ", bad cookies "
        + badCookies
        + ", replayed cookies "
        + replayedCookies
        + ", stale cookies "
        + staleCookies
        + ", accepted "
        + peersAccepted
        + ", refused "
        + peersRefused
        + ", replaced "
        + peersReplaced
        + ", protocol errors "
        + protocolErrors
        + ", stale snapshots "
        + staleSnapshots
        + ", send failures "
        + sendFailures
        + ", discarded after disconnect "
        + discardedAfterDisconnect
        + ", unreadable "
        + unreadableMessages
        + "]";
  }
}
