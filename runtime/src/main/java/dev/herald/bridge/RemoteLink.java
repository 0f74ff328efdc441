package dev.herald.bridge;

import dev.herald.Address;

/**
 * Carries messages to a peer in another process: what a networking module implements to make a
 * remote peer an {@link Address} on the local bus ({@link Bridge#attachRemote}). A message sent to
 * that address, by {@code registration.send(peer, m)} or {@code bus.post(m, Header.to(peer))}, is
 * handed to {@link #send} on the sending thread instead of reaching local handlers.
 *
 * <p>Called on whichever thread sends, so several at once: an implementation must be thread-safe.
 *
 * @since 0.1
 */
public interface RemoteLink {

  /**
   * Sends {@code message} to the peer.
   *
   * @param from the sender's address on this bus, or null for an anonymous post
   * @return 1 if the message is on its way, 0 if the peer is gone
   * @throws IllegalArgumentException if the message cannot be sent to a peer (its type has no wire
   *     codec, say): thrown to the sender at once
   */
  int send(Object message, Address from);
}
