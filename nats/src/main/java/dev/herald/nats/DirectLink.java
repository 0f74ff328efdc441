package dev.herald.nats;

import dev.herald.Address;
import dev.herald.RemoteLink;

/**
 * Carries what local code sends to one remote process's address ({@code registration.send(
 * envelope.from(), reply)}) to that process alone: published on its own subject,
 * {@code _HERALD.to.<origin>}, to which every bridge subscribes.
 */
final class DirectLink implements RemoteLink {
  private final NatsBridge bridge;
  private final String origin;

  DirectLink(NatsBridge bridge, String origin) {
    this.bridge = bridge;
    this.origin = origin;
  }

  @Override
  public int send(Object message, Address from) {
    // a codec failure (not a wire type) is thrown to the sender, as RemoteLink asks
    return bridge.sendDirect(origin, message);
  }
}
