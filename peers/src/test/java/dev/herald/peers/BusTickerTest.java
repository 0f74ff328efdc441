package dev.herald.peers;

import static dev.herald.peers.UdpBridgeTest.CODECS;
import static dev.herald.peers.UdpBridgeTest.LOOPBACK;
import static dev.herald.peers.UdpBridgeTest.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A networked bus builds its node on the bus's ticker: on a bus whose ticker the test moves, the
 * connection's timers move only when the test moves that ticker, however long the run takes.
 */
class BusTickerTest {

  @Test
  void theNodesTimersMoveOnlyWithTheBussTicker() throws IOException {
    ManualTicker serverTime = new ManualTicker();
    ManualTicker clientTime = new ManualTicker();
    MessageBus serverBus = MessageBus.builder().ticker(serverTime).build();
    MessageBus clientBus = MessageBus.builder().ticker(clientTime).build();
    Inbox atServer = new Inbox();
    serverBus.register(atServer);
    Duration timeout = NodeConfig.defaults().connection().connectionTimeout();
    try (UdpBridge server = UdpBridge.server(serverBus, CODECS, LOOPBACK, NodeConfig.defaults());
        UdpBridge client =
            UdpBridge.client(
                clientBus, CODECS, server.node().localAddress(), NodeConfig.defaults())) {
      until("connected", () -> atServer.connected.size() == 1, server, client);

      // Real time passes and the client stays silent, but the server's ticker stands still:
      // many updates later the peer has not timed out.
      for (int i = 0; i < 50; i++) {
        server.update();
      }
      assertEquals(1, server.node().peers().size(), "no time passed on the server's ticker");
      assertTrue(atServer.disconnected.isEmpty());

      // The test moves the server bus's ticker past the timeout: the next update drops the peer.
      serverTime.advance(timeout.plusSeconds(1));
      server.update();
      assertEquals(0, server.node().peers().size(), "the server's ticker passed the timeout");
      assertEquals(DisconnectReason.TIMED_OUT, atServer.disconnected.get(0).reason());
    }
  }
}
