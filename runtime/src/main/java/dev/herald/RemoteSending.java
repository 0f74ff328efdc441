package dev.herald;

/** A send whose destination is a remote peer: checked, then handed to the peer's link. */
final class RemoteSending {
  private RemoteSending() {}

  static int send(Registry registry, Address from, Object message, Header header, boolean request) {
    Address to = header.to();
    if (to.remote.owner != registry) {
      throw new IllegalArgumentException(
          "Cannot send to " + to + ": that peer is attached to another bus");
    }
    if (request) {
      throw new IllegalArgumentException(
          "request() collects replies from local handlers, and "
              + to
              + " is a peer in another process: send() the request and have the peer reply with a message of its own");
    }
    if (!header.isImmediate()) {
      throw new IllegalArgumentException(
          "a message for "
              + to
              + " leaves the process at once, so it cannot wait for"
              + " a stage or a delay ("
              + header
              + "): send it when it is due, or delay it on the receiving side");
    }
    if (to.isRetired()) {
      return 0;
    }
    return to.remote.link.send(message, from);
  }
}
