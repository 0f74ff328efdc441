package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client that stops reading for four seconds of a clock the test moves, over loopback sockets:
 * the server probes it a few times instead of resending everything in flight at every timeout, and
 * once the client reads again every message executes once.
 */
class ProbeBackoffOverSocketsTest {

  private static final int IN_FLIGHT = 100;

  private final ManualTicker clock = new ManualTicker();
  private final Recorder atServer = new Recorder();
  private final Recorder atClient = new Recorder();
  private final UdpNode server;
  private final UdpNode client;

  ProbeBackoffOverSocketsTest() throws IOException {
    server = UdpNode.server(HandshakeTest.LOOPBACK, NodeConfig.defaults(), atServer, clock);
    client = UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient, clock);
    Drive.until(
        "connected",
        () -> atClient.connected.size() == 1 && atServer.connected.size() == 1,
        server,
        client);
  }

  @AfterEach
  void close() {
    client.close();
    server.close();
  }

  @Test
  void clientThatStopsReadingForFourSecondsCostsTheServerAFewDatagrams() {
    Peer toClient = server.peers().get(0);
    for (int i = 0; i < IN_FLIGHT; i++) {
      byte[] payload = new byte[200];
      payload[0] = (byte) i;
      server.send(toClient, payload);
    }
    server.update();
    long sentBefore = server.counters().datagramsSent();

    for (int millisecond = 0; millisecond < 4_000; millisecond++) {
      clock.advance(Duration.ofMillis(1));
      server.update(); // the client is not updated: it reads nothing and sends nothing
    }

    long sent = server.counters().datagramsSent() - sentBefore;
    assertTrue(
        sent <= 40,
        sent + " datagrams, " + toClient.counters().probes() + " probes, while the client slept");
    assertTrue(toClient.isConnected());
    Drive.until(
        "the client executed what was held for it",
        () ->
            atClient.messages.size() >= IN_FLIGHT
                && toClient.counters().packetsReceived() > 0
                && server.peers().size() == 1,
        client,
        server);
    Drive.rounds(5, Duration.ofMillis(2), client, server);
    List<byte[]> executed = atClient.messages;
    assertEquals(IN_FLIGHT, executed.size(), "each once");
    Set<Byte> distinct = new HashSet<>();
    for (byte[] payload : executed) {
      distinct.add(payload[0]);
    }
    assertEquals(IN_FLIGHT, distinct.size());
    assertEquals(List.of(), atClient.reasons);
    assertEquals(List.of(), atServer.reasons);
  }
}
