/**
 * Reliable, dependency-ordered delivery of opaque payloads between two peers over an unreliable
 * datagram link.
 *
 * <p>{@link dev.herald.net.Connection} is one end of a link: it turns {@link
 * dev.herald.net.Connection#send sent} payloads into packets, and packets received from the peer
 * into {@link dev.herald.net.MessageReceiver#onMessage executions} that happen exactly once and
 * only after every message they depend on. Time always comes from a {@link dev.herald.time.Ticker}.
 * The network test kit ({@code herald-network-testkit}, package {@code dev.herald.net.testkit})
 * stands in for a bad network in tests.
 *
 * <p>This package uses no reflection, no {@code java.lang.invoke} (so no lambdas either) and no
 * third-party library.
 */
package dev.herald.net;
