package dev.herald.net.udp;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.herald.net.ConnectionConfig;
import dev.herald.time.ManualTicker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;

/**
 * Fuzzes the node's entry point, every datagram a server reads: handshake packets, disconnects,
 * snapshots and the reliable layer's packets, from a connected peer and from strangers. Whatever
 * the bytes, the node throws nothing and stays within its limits.
 *
 * <p>The input is split into datagrams at 0xFF 0xFF. A datagram's first byte picks its sender (bit
 * 0: the connected peer or a stranger) and is dropped; for the connected peer, a datagram that is
 * not a handshake packet gets the connection's token after its flags, as does a disconnect or
 * snapshot, so the fuzzer explores what a peer can send rather than the comparison that drops
 * everyone else's. A datagram starting 0x83 from a stranger is replaced by a valid response with a
 * real cookie, so that the fuzzer can connect peers.
 *
 * <p>Under {@code mvn test} this runs in regression mode over the committed inputs in {@code
 * src/test/resources/dev/herald/net/udp/NodeFuzzTestInputs/}. To fuzz: {@code JAZZER_FUZZ=1 mvn -pl
 * network test -Dtest=NodeFuzzTest}.
 */
class NodeFuzzTest {

  private static final NodeConfig CONFIG =
      NodeConfig.defaults()
          .withMaxPeers(4)
          .withConnection(ConnectionConfig.defaults().withWindow(64).withMaxPendingBytes(2_000));

  /** Nobody listens at these ports: the node's answers go nowhere. */
  private static final InetSocketAddress PEER =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 9);

  private static final InetSocketAddress STRANGER =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 7);

  @FuzzTest(maxDuration = "60s")
  void handlesAnyDatagram(byte[] input) {
    ManualTicker clock = new ManualTicker();
    try (UdpNode server =
        UdpNode.server(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            CONFIG,
            new Recorder(),
            clock)) {
      server.receiveAsIfFromForTests(PEER, server.validResponseForTests(PEER, 1));
      long token = server.peers().get(0).connectionToken();
      long nonce = 2;
      int start = 0;
      while (start <= input.length) {
        int end = nextSeparator(input, start);
        if (end - start >= 1) {
          boolean fromPeer = (input[start] & 1) == 0;
          byte[] datagram = Arrays.copyOfRange(input, start + 1, end);
          if (fromPeer) {
            datagram = withToken(datagram, token);
          } else if (datagram.length > 0 && (datagram[0] & 0xFF) == ControlPacket.RESPONSE) {
            datagram = server.validResponseForTests(STRANGER, nonce++);
          }
          server.receiveAsIfFromForTests(fromPeer ? PEER : STRANGER, datagram);
        }
        clock.advance(Duration.ofMillis(10));
        server.update();
        if (server.peers().size() > CONFIG.maxPeers()
            || server.rememberedNoncesForTests() > 16 * CONFIG.maxPeers()) {
          throw new AssertionError("the server exceeded its limits");
        }
        start = end + 2;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The datagram with {@code token} written over bytes 1..8, if it has them. */
  private static byte[] withToken(byte[] datagram, long token) {
    if (datagram.length < 9
        || (datagram[0] & 0xFF) == ControlPacket.REQUEST
        || (datagram[0] & 0xFF) == ControlPacket.RESPONSE) {
      return datagram;
    }
    ControlPacket.putLong(datagram, 1, token);
    return datagram;
  }

  private static int nextSeparator(byte[] input, int from) {
    for (int i = from; i + 1 < input.length; i++) {
      if (input[i] == (byte) 0xFF && input[i + 1] == (byte) 0xFF) {
        return i;
      }
    }
    return input.length;
  }
}
