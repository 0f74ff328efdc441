package dev.herald.nats;

import dev.herald.Address;
import dev.herald.bridge.RemoteLink;

/**
 * Carries what local code sends to one remote process's address ({@code registration.send(
 * envelope.from(), reply)}) to that process alone: published on its own subject, {@code
 * _HERALD.to.<origin>} with the sender's origin as second token ({@code
 * _HERALD.<sender>.to.<origin>}), to which every bridge subscribes for any sender.
 */
final class DirectLink implements RemoteLink {
  private final BridgeCore bridge;

  /** The subject as published, made once. */
  private final String subject;

  DirectLink(BridgeCore bridge, String origin) {
    this.bridge = bridge;
    this.subject = Subjects.withOrigin(Subjects.direct(origin), bridge.origin);
  }

  @Override
  public int send(Object message, Address from) {
    // a codec failure (not a wire type) is thrown to the sender, as RemoteLink asks
    return bridge.sendDirect(subject, message);
  }
}
