package dev.herald.net.testkit;

import dev.herald.net.Connection;
import dev.herald.net.ProtocolException;
import dev.herald.time.Ticker;

/**
 * Two {@link Connection}s joined by a pair of {@link SimulatedLink}s, for testing a game (or this
 * library) against a bad network. Drive it with a {@link dev.herald.time.ManualTicker}: advance the
 * clock, then call {@link #step()}. The same seed, conditions and calls give the same run.
 *
 * <pre>{@code
 * ManualTicker clock = new ManualTicker();
 * Connection a = new Connection(config, clock, listenerA);
 * Connection b = new Connection(config, clock, listenerB);
 * NetworkSimulator network = new NetworkSimulator(a, b, conditions, 42, clock);
 * a.send(payload);
 * for (int tick = 0; tick < 100; tick++) { clock.advance(Duration.ofMillis(10)); network.step(); }
 * }</pre>
 *
 * @since 0.1
 */
public final class NetworkSimulator {

  private final Connection a;
  private final Connection b;
  private final SimulatedLink aToB;
  private final SimulatedLink bToA;

  /** Joins {@code a} and {@code b}; both directions suffer {@code conditions}. */
  public NetworkSimulator(
      Connection a, Connection b, LinkConditions conditions, long seed, Ticker clock) {
    this.a = a;
    this.b = b;
    // Two decorrelated streams from one seed, so each direction has its own faults.
    this.aToB = new SimulatedLink(conditions, seed, clock);
    this.bToA = new SimulatedLink(conditions, seed ^ 0x9E3779B97F4A7C15L, clock);
  }

  /**
   * Delivers every packet that is due to each side, notices timeouts, and puts everything each side
   * has to send on the links.
   *
   * @throws ProtocolException if a side rejects a packet (never, between two connections)
   */
  public void step() throws ProtocolException {
    deliver(aToB, b);
    deliver(bToA, a);
    a.update();
    b.update();
    transmit(a, aToB);
    transmit(b, bToA);
  }

  private static void deliver(SimulatedLink link, Connection to) throws ProtocolException {
    for (byte[] packet = link.receive(); packet != null; packet = link.receive()) {
      to.receive(packet);
    }
  }

  private static void transmit(Connection from, SimulatedLink link) {
    for (byte[] packet = from.poll(); packet != null; packet = from.poll()) {
      link.send(packet);
    }
  }

  /** The link from the first connection to the second. */
  public SimulatedLink aToB() {
    return aToB;
  }

  /** The link from the second connection to the first. */
  public SimulatedLink bToA() {
    return bToA;
  }
}
