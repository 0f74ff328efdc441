/**
 * A seeded, deterministic bad network for testing code built on {@link dev.herald.net.Connection}:
 * {@link dev.herald.net.simulation.SimulatedLink} loses, duplicates, delays and reorders
 * packets as {@link dev.herald.net.simulation.LinkConditions} say;
 * {@link dev.herald.net.simulation.NetworkSimulator} joins two connections with a pair of
 * links; {@link dev.herald.net.simulation.ManualClock} is the time they all read, moved by
 * hand. The same seed, conditions and calls give the same run.
 *
 * <p>Like {@code dev.herald.net}, this package uses no reflection, no
 * {@code java.lang.invoke} and no third-party library.
 */
package dev.herald.net.simulation;
