package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.Drive;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.RawClient;
import dev.herald.net.udp.Recorder;
import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every kind of broken packet of {@link HostileInputTest}, sent through a real socket by a peer
 * that completed the handshake and knows the token: each is rejected and counted, nothing executes,
 * the connection survives; then a flood of datagrams from addresses with no connection is dropped
 * and counted without the server keeping anything.
 */
class HostileDatagramsOverUdpTest {

  private static final byte[] ONE_BYTE = {42};
  private static final ConnectionConfig CONFIG = ConnectionConfig.defaults();

  private final Recorder atServer = new Recorder();
  private final UdpNode server;

  HostileDatagramsOverUdpTest() throws IOException {
    server =
        UdpNode.server(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            NodeConfig.defaults(),
            atServer);
  }

  @AfterEach
  void close() {
    server.close();
  }

  private static Map<String, byte[]> hostilePackets(long token) {
    Map<String, byte[]> packets = new LinkedHashMap<>();
    byte[] header = TestPackets.packet(0).token(token).bytes();
    packets.put("truncated header", Arrays.copyOf(header, header.length - 1));
    byte[] withAck = TestPackets.packetWithAck(0, 0, 0).token(token).bytes();
    packets.put("truncated acknowledgement", Arrays.copyOf(withAck, withAck.length - 2));
    packets.put("truncated message", valid(token).u16(0x8001).u8(0x80).bytes());
    packets.put("length overrun", valid(token).u16(1).u8(5).u8(1).u8(2).bytes());
    packets.put("malformed length", valid(token).u16(1).u8(0xFF).u8(0xFF).u8(0x01).bytes());
    packets.put("self dependency", valid(token).message(5, ONE_BYTE, 5).bytes());
    packets.put("future dependency", valid(token).message(5, ONE_BYTE, 6).bytes());
    packets.put("outside window", valid(token).message(CONFIG.window(), ONE_BYTE).bytes());
    packets.put(
        "dependency out of window",
        valid(token).message(5, ONE_BYTE, (5 - CONFIG.window()) & SequenceNumbers.MASK).bytes());
    packets.put("duplicate dependency", valid(token).message(5, ONE_BYTE, 3, 4, 3).bytes());
    int[] tooMany = new int[CONFIG.maxDependencies() + 1];
    for (int i = 0; i < tooMany.length; i++) {
      tooMany[i] = 100 + i;
    }
    packets.put("too many dependencies", valid(token).message(200, ONE_BYTE, tooMany).bytes());
    byte[] unknownFlags = valid(token).bytes();
    unknownFlags[0] = 2;
    packets.put("unknown flags", unknownFlags);
    packets.put(
        "too large",
        Arrays.copyOf(TestPackets.packet(0).token(token).bytes(), CONFIG.maxPacketSize() + 1));
    packets.put(
        "ack of unsent packet",
        TestPackets.packetWithAck(0, 100_000, 0).token(token).message(0, ONE_BYTE).bytes());
    packets.put("ack of unsent message", valid(token).executedBefore(5_000).bytes());
    packets.put(
        "sequence jump", TestPackets.packet(1 << 20).token(token).message(0, ONE_BYTE).bytes());
    return packets;
  }

  /** A valid message 0 goes first, so a packet that got half-way would have executed it. */
  private static TestPackets valid(long token) {
    return TestPackets.packet(0).token(token).message(0, ONE_BYTE);
  }

  @Test
  void eachHostilePacketFromAConnectedPeerIsRejectedAndTheConnectionSurvives() throws IOException {
    try (RawClient raw = new RawClient(server.localAddress())) {
      long token = raw.connect(server, 99);
      Peer peer = server.peers().get(0);
      Map<String, byte[]> hostile = hostilePackets(token);
      for (byte[] packet : hostile.values()) {
        raw.send(packet);
      }
      raw.send(valid(token ^ 1).bytes()); // someone else's token, from the peer's address
      Drive.until(
          "all read",
          () ->
              server.counters().protocolErrors() == hostile.size()
                  && peer.counters().foreignPackets() == 1,
          server);

      assertEquals(List.of(), atServer.messages, "nothing executed");
      assertTrue(peer.isConnected());

      raw.send(valid(token).bytes());
      Drive.until("the valid message", () -> atServer.messages.size() == 1, server);
      assertArrayEquals(ONE_BYTE, atServer.messages.get(0));

      // Says that message 1 was executed and will never come again, though it never came.
      raw.send(TestPackets.packet(1).token(token).unconfirmedFrom(2).message(2, ONE_BYTE).bytes());
      Drive.until("the connection failed", () -> !atServer.reasons.isEmpty(), server);
      assertEquals(List.of(DisconnectReason.CONNECTION_FAILED), atServer.reasons);
      assertEquals(ConnectionError.MESSAGE_LOST, peer.connectionError());
      assertEquals(1, atServer.messages.size());
    }
  }

  @Test
  void peerThatKeepsBreakingTheProtocolIsDroppedPastTheLimit() throws IOException {
    try (UdpNode strict =
            UdpNode.server(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                NodeConfig.defaults().withMaxUnreadableMessages(3),
                atServer);
        RawClient raw = new RawClient(strict.localAddress())) {
      long token = raw.connect(strict, 98);
      Peer peer = strict.peers().get(0);
      byte[] broken = valid(token).message(5, ONE_BYTE, 5).bytes(); // a self dependency
      for (int i = 0; i < 10; i++) {
        raw.send(broken);
      }
      Drive.until("the peer dropped", () -> !atServer.reasons.isEmpty(), strict);

      assertEquals(List.of(DisconnectReason.UNREADABLE_MESSAGES), atServer.reasons);
      assertEquals(4, peer.unreadableMessages(), "the limit, and one past it");
      assertEquals(4, strict.counters().unreadableMessages());
      byte[] goodbye = raw.receiveControl(strict, Drive.LIMIT);
      assertEquals(RawClient.disconnect(token)[0], goodbye[0], "the peer is told");
    }
  }

  @Test
  void floodFromUnknownAddressesIsDroppedCountedAndLeavesNoState() throws IOException {
    int senders = 4;
    int rounds = 5_000;
    int requests = 500;
    List<RawClient> flooders = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(5);
    try {
      for (int s = 0; s < senders; s++) {
        flooders.add(new RawClient(server.localAddress()));
      }
      long sent = 0;
      for (int round = 0; round < rounds; round++) {
        for (RawClient flooder : flooders) {
          byte[] junk = new byte[1 + random.nextInt(200)];
          random.nextBytes(junk);
          junk[0] &= 0x7F; // not a handshake packet: a reliable-layer packet from nobody
          flooder.send(junk);
          sent++;
        }
        if (round < requests) {
          flooders.get(round % senders).send(RawClient.request(round));
          sent++;
        }
        if (round % 8 == 7) {
          // a socket's receive buffer is small: read as a game loop would, a frame at a time
          long expected = sent;
          Drive.until(
              "the batch read", () -> server.counters().datagramsReceived() == expected, server);
        }
      }

      assertEquals(sent, server.counters().datagramsReceived());
      assertEquals(
          sent - requests, server.counters().unknownDatagrams(), "every junk datagram counted");
      assertEquals(
          requests, server.counters().challengesSent(), "every request answered, statelessly");
      assertEquals(0, server.peers().size());
      assertEquals(0, server.counters().peersAccepted());
    } finally {
      for (RawClient flooder : flooders) {
        flooder.close();
      }
    }
  }
}
