package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The stateless-cookie handshake over loopback sockets: the good path and each way to abuse it. */
class HandshakeTest {

  static final InetSocketAddress LOOPBACK =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
  private static final Duration SHORT = Duration.ofMillis(200);

  private final Recorder atServer = new Recorder();
  private final UdpNode server;

  HandshakeTest() throws IOException {
    server = UdpNode.server(LOOPBACK, NodeConfig.defaults().withMaxPeers(2), atServer);
  }

  @AfterEach
  void close() {
    server.close();
  }

  @Test
  void clientConnectsAndBothSidesHearOfIt() throws IOException {
    Recorder atClient = new Recorder();
    try (UdpNode client = UdpNode.client(server.localAddress(), NodeConfig.defaults(), atClient)) {
      Drive.until(
          "both connected",
          () -> atClient.connected.size() == 1 && atServer.connected.size() == 1,
          server,
          client);

      assertTrue(client.server().isConnected());
      Peer peer = server.peers().get(0);
      assertEquals(client.localAddress(), peer.address());
      assertEquals(1, server.counters().peersAccepted());

      client.send(client.server(), new byte[] {1, 2, 3});
      Drive.until("the message arrived", () -> atServer.messages.size() == 1, server, client);
      assertArrayEquals(new byte[] {1, 2, 3}, atServer.messages.get(0));
      assertEquals(peer, atServer.messageSenders.get(0));
    }
  }

  @Test
  void serverAnswersARequestWithLessThanItAndRemembersNothing() throws IOException {
    try (RawClient raw = new RawClient(server.localAddress())) {
      byte[] request = RawClient.request(7);
      byte[] challenge = raw.challenge(server, 7);

      assertTrue(
          challenge.length < request.length,
          challenge.length + " bytes answered " + request.length);
      assertEquals(0, server.peers().size());
      assertEquals(0, server.rememberedNoncesForTests());
    }
  }

  @Test
  void requestOfAnotherSizeOrProtocolIsDroppedUnanswered() throws IOException {
    try (RawClient raw = new RawClient(server.localAddress())) {
      raw.send(Arrays.copyOf(RawClient.request(7), ControlPacket.PADDED_SIZE - 1));
      byte[] otherProtocol = RawClient.request(7);
      otherProtocol[1] ^= 1;
      raw.send(otherProtocol);

      assertNull(raw.receive(server, SHORT));
      assertEquals(2, server.counters().malformedHandshakes());
      assertEquals(0, server.counters().challengesSent());
    }
  }

  @Test
  void replayedResponseConnectsNobody() throws IOException {
    try (RawClient raw = new RawClient(server.localAddress())) {
      byte[] response = RawClient.responseTo(raw.challenge(server, 11));
      raw.send(response);
      byte[] accept = raw.receive(server, Drive.LIMIT);
      assertEquals(ControlPacket.ACCEPT, accept[0] & 0xFF);

      raw.send(response); // while connected: our accept may have been lost, so it comes again
      assertArrayEquals(accept, raw.receive(server, Drive.LIMIT));
      assertEquals(1, server.peers().size());

      raw.send(RawClient.disconnect(RawClient.tokenOf(accept)));
      Drive.until("disconnected", () -> server.peers().isEmpty(), server);
      raw.send(response); // the same cookie after the connection ended: a replay
      assertNull(raw.receive(server, SHORT));
      assertEquals(0, server.peers().size());
      assertEquals(1, server.counters().replayedCookies());
      assertEquals(1, server.counters().peersAccepted());
    }
  }

  @Test
  void cookieEchoedFromAnotherAddressIsRefused() throws IOException {
    try (RawClient victim = new RawClient(server.localAddress());
        RawClient forger = new RawClient(server.localAddress())) {
      // The forger asked in the victim's name; the challenge went to the victim, and the
      // forger (who somehow saw it) answers from its own address.
      byte[] challenge = victim.challenge(server, 13);
      forger.send(RawClient.responseTo(challenge));

      assertNull(forger.receive(server, SHORT));
      assertEquals(1, server.counters().badCookies());
      assertEquals(0, server.peers().size());
    }
  }

  @Test
  void wrongCookieIsRefused() throws IOException {
    try (RawClient raw = new RawClient(server.localAddress())) {
      byte[] response = RawClient.responseTo(raw.challenge(server, 17));
      response[ControlPacket.RESPONSE_COOKIE + 3] ^= 0x40;
      raw.send(response);
      byte[] otherNonce = RawClient.responseTo(raw.challenge(server, 17));
      otherNonce[ControlPacket.RESPONSE_NONCE + 7] ^= 1;
      raw.send(otherNonce);

      assertNull(raw.receive(server, SHORT));
      assertEquals(2, server.counters().badCookies());
      assertEquals(0, server.peers().size());
    }
  }

  @Test
  void expiredCookieIsRefused() throws IOException {
    ManualTicker clock = new ManualTicker();
    try (UdpNode timed = UdpNode.server(LOOPBACK, NodeConfig.defaults(), new Recorder(), clock);
        RawClient raw = new RawClient(timed.localAddress())) {
      byte[] response = RawClient.responseTo(raw.challenge(timed, 19));
      clock.advance(NodeConfig.defaults().cookieLifetime());
      raw.send(response);

      assertNull(raw.receive(timed, SHORT));
      assertEquals(1, timed.counters().badCookies());
      assertEquals(0, timed.peers().size());
    }
  }

  @Test
  void clientPastTheLimitIsToldTheServerIsFull() throws IOException {
    Recorder[] recorders = {new Recorder(), new Recorder(), new Recorder()};
    UdpNode[] clients = new UdpNode[3];
    try {
      for (int i = 0; i < 3; i++) {
        clients[i] = UdpNode.client(server.localAddress(), NodeConfig.defaults(), recorders[i]);
      }
      Drive.until(
          "two connected and one refused",
          () ->
              server.peers().size() == 2
                  && countReason(recorders, DisconnectReason.SERVER_FULL) == 1,
          server,
          clients[0],
          clients[1],
          clients[2]);

      assertEquals(1, server.counters().peersRefused());
      assertEquals(2, atServer.connected.size());
    } finally {
      for (UdpNode client : clients) {
        if (client != null) {
          client.close();
        }
      }
    }
  }

  @Test
  void clientGivesUpWhenNobodyAnswers() throws IOException {
    ManualTicker clock = new ManualTicker();
    Recorder atClient = new Recorder();
    try (RawClient silent =
            new RawClient(new InetSocketAddress(InetAddress.getLoopbackAddress(), 9));
        UdpNode client = UdpNode.client(silent.address(), NodeConfig.defaults(), atClient, clock)) {
      for (int i = 0; i < 49; i++) {
        clock.advance(Duration.ofMillis(100));
        client.update();
      }
      assertNull(atClient.lastReason());
      assertNotNull(silent.receive(client, SHORT), "the request was resent");
      clock.advance(Duration.ofMillis(100));
      client.update();

      assertEquals(DisconnectReason.HANDSHAKE_TIMED_OUT, atClient.lastReason());
      assertFalse(client.server().isConnected());
    }
  }

  @Test
  void quickConnectAndLeaveCyclesLockNobodyOutWhileSlotsAreFree() throws IOException {
    ManualTicker clock = new ManualTicker(); // never moves: every cookie used stays unexpired
    try (UdpNode timed =
        UdpNode.server(LOOPBACK, NodeConfig.defaults().withMaxPeers(2), new Recorder(), clock)) {
      int cycles = 40; // past the memory of used cookies, which is bounded
      for (int i = 0; i < cycles; i++) {
        try (RawClient quick = new RawClient(timed.localAddress())) {
          long token = quick.connect(timed, 100 + i);
          quick.send(RawClient.disconnect(token));
          Drive.until("cycle " + i + " ended", () -> timed.peers().isEmpty(), timed);
        }
      }
      try (RawClient newcomer = new RawClient(timed.localAddress())) {
        newcomer.send(RawClient.responseTo(newcomer.challenge(timed, 7)));
        byte[] answer = newcomer.receive(timed, Drive.LIMIT);

        assertEquals(
            ControlPacket.ACCEPT,
            answer[0] & 0xFF,
            "with both slots free the newcomer is accepted");
      }
      assertEquals(0, timed.counters().peersRefused());
      assertEquals(0, timed.counters().replayedCookies());
      assertEquals(cycles + 1, timed.counters().peersAccepted());
      assertTrue(
          timed.rememberedNoncesForTests() <= 16 * 2,
          timed.rememberedNoncesForTests() + " cookies remembered");
    }
  }

  @Test
  void clientComingBackFromTheSameAddressTakesOverItsOldConnection() throws IOException {
    ManualTicker clock =
        new ManualTicker(); // still: no keep-alive comes between the handshake packets
    Recorder atTimed = new Recorder();
    try (UdpNode timed = UdpNode.server(LOOPBACK, NodeConfig.defaults(), atTimed, clock);
        RawClient sameAddress = new RawClient(timed.localAddress())) {
      byte[] oldResponse = RawClient.responseTo(sameAddress.challenge(timed, 21));
      sameAddress.send(oldResponse);
      long oldToken = RawClient.tokenOf(sameAddress.receiveControl(timed, Drive.LIMIT));
      Peer old = timed.peers().get(0);

      // The client crashed and came back on the same port (or behind a port-preserving NAT):
      // a new nonce, a fresh cookie, while the old connection has not yet timed out.
      clock.advance(Duration.ofMillis(1));
      long newToken = sameAddress.connect(timed, 22);

      assertTrue(newToken != oldToken);
      assertEquals(1, timed.peers().size());
      assertTrue(timed.peers().get(0) != old, "a new peer");
      assertFalse(old.isConnected());
      assertEquals(DisconnectReason.REPLACED, old.disconnectReason());
      assertEquals(List.of(DisconnectReason.REPLACED), atTimed.reasons);
      assertEquals(2, timed.counters().peersAccepted());
      assertEquals(1, timed.counters().peersReplaced());
      assertEquals(0, timed.counters().replayedCookies(), "nothing was replayed");

      sameAddress.send(oldResponse); // the old cookie again: a replay now
      assertNull(sameAddress.receiveControl(timed, SHORT));
      assertEquals(1, timed.counters().replayedCookies());
      assertEquals(1, timed.peers().size());
    }
  }

  @Test
  void cookieOlderThanTheMemoryOfUsedOnesIsChallengedAgainNotRefused() throws IOException {
    ManualTicker clock = new ManualTicker();
    Recorder atSlow = new Recorder();
    try (UdpNode timed =
            UdpNode.server(LOOPBACK, NodeConfig.defaults().withMaxPeers(2), new Recorder(), clock);
        UdpNode slow = UdpNode.client(timed.localAddress(), NodeConfig.defaults(), atSlow, clock)) {
      timed.update(); // answers the slow client's request; the challenge waits in its socket
      clock.advance(Duration.ofMillis(1));
      for (int i = 0;
          i < 40;
          i++) { // meanwhile others come and go, past the memory of used cookies
        try (RawClient quick = new RawClient(timed.localAddress())) {
          quick.send(RawClient.disconnect(quick.connect(timed, 100 + i)));
          Drive.until("cycle " + i + " ended", () -> timed.peers().isEmpty(), timed);
        }
      }
      Drive.until(
          "the slow client connected or gave up",
          () -> !atSlow.connected.isEmpty() || !atSlow.reasons.isEmpty(),
          timed,
          slow);

      assertEquals(List.of(), atSlow.reasons);
      assertEquals(1, timed.peers().size());
      assertEquals(0, timed.counters().peersRefused());
      assertEquals(
          1, timed.counters().staleCookies(), "its first cookie was older than a forgotten one");
      assertEquals(0, timed.counters().replayedCookies());
    }
  }

  private static int countReason(Recorder[] recorders, DisconnectReason reason) {
    int count = 0;
    for (Recorder recorder : recorders) {
      synchronized (recorder) {
        count += recorder.reasons.contains(reason) ? 1 : 0;
      }
    }
    return count;
  }
}
