package dev.herald.net;

import static dev.herald.net.TestPackets.deliver;
import static dev.herald.net.TestPackets.drain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.NetworkSimulator;
import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An acknowledgement of a packet the peer never received (issue #16, point 5). Forged by someone
 * who cannot see the traffic, it lacks the token and is dropped. Forged or altered by someone who
 * can, it is believed, but the receiver notices that the sender will never send the message again:
 * the connection ends with {@link ConnectionError#MESSAGE_LOST}, and no message runs before its
 * dependency in the meantime.
 */
class ForgedAcknowledgementTest {

  private static final Duration TICK = Duration.ofMillis(10);

  private final ManualTicker clock = new ManualTicker();
  private final ExecutionLog atA = new ExecutionLog();
  private final ExecutionLog atB = new ExecutionLog();
  private final Connection a =
      new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, atA);
  private final Connection b =
      new Connection(ConnectionConfig.defaults(), TestPackets.TOKEN, clock, atB);

  /**
   * What someone who cannot see the traffic might send a: "b received a's packet {@code packet}".
   */
  private static byte[] blindForgery(int packet) {
    return TestPackets.packetWithAck(0, packet, 0).token(TestPackets.TOKEN + 1).bytes();
  }

  /**
   * What someone on the path can send a: b's next packet (a keep-alive, taken off the wire),
   * altered to say that b received a's packet {@code packet}.
   */
  private byte[] alteredPacketFromB(int packet) {
    clock.advance(b.config().keepAliveInterval());
    List<byte[]> genuine = drain(b);
    assertEquals(1, genuine.size());
    PacketDecoder wire = TestPackets.decode(genuine.get(0));
    assertEquals(0, wire.messageCount());
    return TestPackets.packetWithAck(wire.packetSequence(), packet, 0)
        .unconfirmedFrom(wire.unconfirmedFrom())
        .executedBefore(wire.executedBefore())
        .bytes();
  }

  @Test
  void acknowledgementForgedWithoutTheTokenIsDroppedAndTheMessageIsResentBeforeItsDependent()
      throws ProtocolException {
    MessageDependency first = a.send(new byte[] {1});
    drain(a); // packet 0, with message 0, is lost

    a.receive(blindForgery(0));

    assertEquals(1, a.counters().foreignPackets());
    assertTrue(!first.isKnownExecuted());
    a.send(new byte[] {2}, first);
    deliver(drain(a), b);
    assertTrue(atB.sequences.isEmpty(), "message 1 waits for message 0");
    clock.advance(a.retransmitTimeout());
    deliver(drain(a), b); // message 0 resent
    assertEquals(List.of(0, 1), atB.sequences);
  }

  @Test
  void alteredAcknowledgementNeverLetsADependentExecuteWithoutItsDependency()
      throws ProtocolException {
    MessageDependency first = a.send(new byte[] {1});
    drain(a); // lost

    a.receive(alteredPacketFromB(0));
    assertTrue(first.isKnownExecuted(), "the forgery is believed");
    a.send(new byte[] {2}, first);
    deliver(drain(a), b);

    assertTrue(atB.sequences.isEmpty(), "message 1 must not execute without message 0");
    assertEquals(ConnectionError.MESSAGE_LOST, b.failure());
    assertEquals(1, atB.errorCount);
  }

  @Test
  void alteredAcknowledgementBehindAnUnconfirmedMessageEndsTheConnectionOnceThatOneIsConfirmed()
      throws ProtocolException {
    a.send(new byte[] {0});
    List<byte[]> delayed = drain(a); // packet 0 with message 0: on its way
    MessageDependency lost = a.send(new byte[] {1});
    drain(a); // packet 1 with message 1: lost
    a.receive(alteredPacketFromB(1));
    a.send(new byte[] {2}, lost);
    deliver(drain(a), b); // message 2 names message 1: it waits
    assertTrue(atB.sequences.isEmpty());
    assertEquals(1, b.waitingMessages());

    deliver(delayed, b); // message 0 executes
    deliver(drain(b), a); // a now counts 0, 1 and 2 executed
    assertTrue(lost.isKnownExecuted());
    clock.advance(a.config().keepAliveInterval());
    deliver(drain(a), b); // a's next packet, a keep-alive at the latest

    assertEquals(List.of(0), atB.sequences, "message 2 never executed without message 1");
    assertEquals(ConnectionError.MESSAGE_LOST, b.failure());
    assertEquals(0, b.graphNodes());
  }

  @Test
  void alteredAcknowledgementInALongRunEndsTheConnectionInsteadOfDroppingMessagesSilently()
      throws ProtocolException {
    // The run of the issue: one altered acknowledgement, then 5,000 messages over a perfect
    // link. Before the fix, 3,976 of them were dropped and acknowledged without any error.
    MessageDependency first = a.send(new byte[] {1});
    drain(a);
    a.receive(alteredPacketFromB(0));
    NetworkSimulator network = new NetworkSimulator(a, b, LinkConditions.perfect(), 1, clock);
    int sent = 1;
    long ticks = 0;
    while (a.failure() == null && ticks++ < 10_000) {
      for (int i = 0; i < 10 && sent < 5_000 && a.sendWindowAvailable() > 0; i++) {
        a.send(new byte[4], first);
        sent++;
      }
      clock.advance(TICK);
      network.step();
    }

    assertEquals(ConnectionError.MESSAGE_LOST, b.failure());
    assertTrue(atB.sequences.isEmpty(), "every message depended on the lost one: none executed");
    assertEquals(
        ConnectionError.PEER_SILENT,
        a.failure(),
        "a failed connection falls silent, so the sender fails too");
    assertTrue(
        ticks * TICK.toMillis() <= ConnectionConfig.defaults().connectionTimeout().toMillis() + 100,
        "the sender knew within the connection timeout: " + ticks + " ticks");
    assertNull(b.poll());
  }
}
