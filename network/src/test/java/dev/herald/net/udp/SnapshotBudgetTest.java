package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.ConnectionConfig;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Snapshots over real sockets within a bandwidth budget, on a clock the test moves: one that finds
 * no room waits, and a newer one replaces it rather than queueing behind it.
 */
class SnapshotBudgetTest {

  private final ManualTicker clock = new ManualTicker();
  private final Recorder atServer = new Recorder();
  private final Recorder atClient = new Recorder();
  private final NodeConfig config =
      NodeConfig.defaults().withConnection(ConnectionConfig.defaults().withBandwidth(1_000));
  private final UdpNode server;
  private final UdpNode client;

  SnapshotBudgetTest() throws IOException {
    server = UdpNode.server(HandshakeTest.LOOPBACK, config, atServer, clock);
    client = UdpNode.client(server.localAddress(), config, atClient, clock);
  }

  @AfterEach
  void close() {
    client.close();
    server.close();
  }

  @Test
  void snapshotThatFindsNoRoomIsReplacedByTheNextAndTheLatestArrives() {
    Drive.until(
        "connected",
        () -> client.server().isConnected() && atServer.connected.size() == 1,
        client,
        server);
    clock.advance(Duration.ofSeconds(1));
    client.update(); // a keep-alive: the last packet until the snapshots
    clock.advance(Duration.ofMillis(100)); // paid for at 1,000 B/s; no keep-alive due yet

    client.sendSnapshot(client.server(), new byte[] {1}); // leaves at once, and spends the budget
    client.sendSnapshot(client.server(), new byte[] {2}); // no room: waits
    client.sendSnapshot(client.server(), new byte[] {3}); // replaces it
    Drive.until("the first snapshot arrived", () -> atServer.snapshots.size() == 1, server);
    clock.advance(Duration.ofMillis(100)); // room again, and still no keep-alive due
    Drive.until(
        "the second snapshot arrived", () -> atServer.snapshots.size() == 2, client, server);

    assertArrayEquals(new byte[] {1}, atServer.snapshots.get(0));
    assertArrayEquals(
        new byte[] {3}, atServer.snapshots.get(1), "the latest, not the one it replaced");
    assertEquals(1, client.server().counters().snapshotsReplaced());
    assertEquals(2, client.server().counters().snapshotsSent());
    assertTrue(client.server().isConnected());
  }
}
