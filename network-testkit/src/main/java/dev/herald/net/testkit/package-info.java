/**
 * The network test kit, a seeded, deterministic bad network for testing code built on {@link
 * dev.herald.net.Connection} and {@link dev.herald.net.udp.UdpNode}: {@link
 * dev.herald.net.testkit.SimulatedLink} loses, duplicates, delays and reorders packets as {@link
 * dev.herald.net.testkit.LinkConditions} say; {@link dev.herald.net.testkit.NetworkSimulator} joins
 * two connections with a pair of links; {@link dev.herald.time.ManualTicker} is the time they all
 * read, moved by hand; {@link dev.herald.net.testkit.LossyRelay} puts the same conditions between
 * real sockets. The same seed, conditions and calls give the same run.
 *
 * <p>Shipped as its own artifact, {@code herald-network-testkit}, for tests: the production network
 * jar carries none of it. Like {@code dev.herald.net}, this package uses no reflection, no {@code
 * java.lang.invoke} and no third-party library.
 */
package dev.herald.net.testkit;
