package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.LossyRelay;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The soak of the reliable layer, over real loopback sockets through the {@link LossyRelay}: two
 * clients each send 32,768 messages with random dependencies to a server, at 20 % loss, 10 %
 * duplication, reordering and 30 ± 20 ms latency each way. Each node runs its own game loop on its
 * own thread. Checked on the server's execution log: every message once, after its dependencies;
 * and nobody disconnected. {@code -Dherald.soak.long=true} sends 8 times as many.
 */
class SoakOverSocketsTest {

  static final LinkConditions BAD_NETWORK =
      LinkConditions.perfect()
          .withLoss(0.20)
          .withDuplication(0.10)
          .withReordering(0.05, Duration.ofMillis(40))
          .withLatency(Duration.ofMillis(30), Duration.ofMillis(20));
  private static final int MESSAGES = 32_768 * (Boolean.getBoolean("herald.soak.long") ? 8 : 1);
  private static final Duration LIMIT =
      Duration.ofSeconds(Boolean.getBoolean("herald.soak.long") ? 600 : 90);
  private static final Duration TICK = Duration.ofMillis(5);

  @Test
  void twoClientsSendThirtyTwoThousandMessagesEachThroughABadNetwork() throws Exception {
    MessageStream[] streams = {
      new MessageStream(0, MESSAGES, 101), new MessageStream(1, MESSAGES, 202)
    };
    Recorder atClients = new Recorder();
    AtomicBoolean done = new AtomicBoolean();
    AtomicReference<Throwable> crashed = new AtomicReference<>();
    ServerSide serverSide = new ServerSide(streams);
    try (UdpNode server =
            UdpNode.server(HandshakeTest.LOOPBACK, NodeConfig.defaults(), serverSide);
        LossyRelay relay = LossyRelay.start(server.localAddress(), BAD_NETWORK, 20261125L);
        UdpNode first = UdpNode.client(relay.address(), NodeConfig.defaults(), atClients);
        UdpNode second = UdpNode.client(relay.address(), NodeConfig.defaults(), atClients)) {
      BooleanSupplier finished = () -> streams[0].allExecuted() && streams[1].allExecuted();
      Thread[] loops = {
        gameLoop("server", server, null, null, finished, done, crashed),
        gameLoop("first client", first, streams[0], first.server(), finished, done, crashed),
        gameLoop("second client", second, streams[1], second.server(), finished, done, crashed)
      };
      for (Thread loop : loops) {
        loop.start();
      }
      for (Thread loop : loops) {
        loop.join(LIMIT.toMillis() + 10_000);
      }
      done.set(true);
      if (crashed.get() != null) {
        throw new AssertionError("a game loop failed", crashed.get());
      }
      if (!streams[0].allExecuted() || !streams[1].allExecuted()) {
        fail(
            "stalled: executed "
                + streams[0].executed()
                + " and "
                + streams[1].executed()
                + " of "
                + MESSAGES
                + "; disconnects at the server "
                + serverSide.reasons
                + ", at the clients "
                + atClients.reasons);
      }

      streams[0].checkExecutionLog();
      streams[1].checkExecutionLog();
      assertEquals(List.of(), serverSide.reasons, "no disconnect at the server");
      assertEquals(List.of(), atClients.reasons, "no disconnect at the clients");
      assertTrue(
          relay.lost() > 0
              && relay.duplicated() > 0
              && relay.heldBack() > 0
              && relay.deliveredOutOfOrder() > 0,
          "the network was bad: lost "
              + relay.lost()
              + ", duplicated "
              + relay.duplicated()
              + ", reordered "
              + relay.deliveredOutOfOrder());
      assertTrue(first.server().counters().retransmissions() > 0);
      System.out.println(
          "soak over sockets: "
              + MESSAGES
              + " messages from each of 2 clients; relay forwarded "
              + relay.forwarded()
              + ", lost "
              + relay.lost()
              + ", duplicated "
              + relay.duplicated()
              + ", reordered "
              + relay.deliveredOutOfOrder()
              + "; resent "
              + first.server().counters().retransmissions()
              + " + "
              + second.server().counters().retransmissions());
    }
  }

  /**
   * One node's loop: update, send a burst (a client), wait for a datagram or a tick. Ends when both
   * streams executed, or at the limit.
   */
  private static Thread gameLoop(
      String name,
      UdpNode node,
      MessageStream stream,
      Peer to,
      BooleanSupplier finished,
      AtomicBoolean done,
      AtomicReference<Throwable> crashed) {
    return new Thread(
        () -> {
          long deadline = System.nanoTime() + LIMIT.toNanos();
          try {
            while (!done.get() && System.nanoTime() - deadline < 0) {
              node.update();
              if (finished.getAsBoolean()) {
                done.set(true);
              }
              if (stream != null && to.isConnected()) {
                stream.sendSome(node, to);
              }
              node.awaitDatagram(TICK);
            }
          } catch (Throwable e) {
            crashed.compareAndSet(null, e);
            done.set(true);
          }
        },
        "soak " + name);
  }

  /** The server's listener: each client's messages go to that client's stream. */
  private static final class ServerSide implements PeerListener {
    final MessageStream[] streams;
    final List<DisconnectReason> reasons = new java.util.concurrent.CopyOnWriteArrayList<>();

    ServerSide(MessageStream[] streams) {
      this.streams = streams;
    }

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      streams[payload[0]].executed(payload);
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {
      reasons.add(reason);
    }
  }
}
