package dev.herald.micrometer;

import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.Arrays;

/**
 * A peer written by hand on a bare socket, speaking the node's handshake as {@code ControlPacket}
 * documents it, for what a real node would never send: replayed, stale and repeated handshakes,
 * broken packets, snapshots out of order.
 */
final class RawPeer implements AutoCloseable {
  static final int REQUEST = 0x81;
  static final int CHALLENGE = 0x82;
  static final int RESPONSE = 0x83;
  static final int ACCEPT = 0x84;
  static final int DISCONNECT = 0x86;
  static final int SNAPSHOT = 0x87;
  static final int PADDED_SIZE = 128;

  private final DatagramChannel channel;
  private final InetSocketAddress server;
  private final ByteBuffer buffer = ByteBuffer.allocate(2048);

  RawPeer(InetSocketAddress server) throws IOException {
    this.server = server;
    this.channel = DatagramChannel.open();
    channel.configureBlocking(false);
    channel.bind(new InetSocketAddress(server.getAddress(), 0));
  }

  InetSocketAddress address() throws IOException {
    return (InetSocketAddress) channel.getLocalAddress();
  }

  void send(byte[] datagram) throws IOException {
    channel.send(ByteBuffer.wrap(datagram), server);
  }

  /** Updates {@code node} until a datagram of {@code kind} arrives here; returns it. */
  byte[] await(UdpNode node, int kind) throws IOException {
    long deadline = System.nanoTime() + Loopback.PATIENCE.toNanos();
    while (System.nanoTime() - deadline < 0) {
      node.update();
      buffer.clear();
      if (channel.receive(buffer) != null && (buffer.get(0) & 0xFF) == kind) {
        return Arrays.copyOf(buffer.array(), buffer.position());
      }
      Thread.onSpinWait();
    }
    return fail("no datagram of kind " + Integer.toHexString(kind) + " arrived");
  }

  /** Asks for a challenge with {@code nonce} and returns the response that echoes it. */
  byte[] responseFor(UdpNode node, long nonce) throws IOException {
    byte[] request = new byte[PADDED_SIZE];
    request[0] = (byte) REQUEST;
    putLong(request, 1, NodeConfig.DEFAULT_PROTOCOL);
    putLong(request, 9, nonce);
    send(request);
    byte[] challenge = await(node, CHALLENGE);
    byte[] response = new byte[PADDED_SIZE];
    response[0] = (byte) RESPONSE;
    putLong(response, 1, NodeConfig.DEFAULT_PROTOCOL);
    System.arraycopy(challenge, 1, response, 9, 8 + 8 + 16); // nonce, expiry, cookie
    return response;
  }

  /** Sends {@code response} and returns the token of the connection it opens. */
  long connect(UdpNode node, byte[] response) throws IOException {
    send(response);
    return getLong(await(node, ACCEPT), 9);
  }

  static byte[] withToken(int kind, long token, int extra) {
    byte[] datagram = new byte[1 + 8 + extra];
    datagram[0] = (byte) kind;
    putLong(datagram, 1, token);
    return datagram;
  }

  static void putLong(byte[] bytes, int offset, long value) {
    for (int i = 0; i < 8; i++) {
      bytes[offset + i] = (byte) (value >>> (56 - 8 * i));
    }
  }

  static long getLong(byte[] bytes, int offset) {
    long value = 0;
    for (int i = offset; i < offset + 8; i++) {
      value = (value << 8) | (bytes[i] & 0xFF);
    }
    return value;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
