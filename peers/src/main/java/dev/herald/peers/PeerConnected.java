package dev.herald.peers;

import dev.herald.Address;
import java.net.InetSocketAddress;

/**
 * Posted on the bus when a peer completes the handshake, as sent from the peer
 * ({@code Envelope.from()} is {@link #peer()}). From then on, messages can be sent to it.
 *
 * @param peer the peer's address on this bus: send to it, compare senders with it
 * @param socketAddress where the peer's datagrams come from, as this side sees it
 */
public record PeerConnected(Address peer, InetSocketAddress socketAddress) {}
