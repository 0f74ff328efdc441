package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.Arrays;

/**
 * A client written by hand on a bare socket, for saying what a {@link UdpNode} would not: replays,
 * forged cookies, hostile packets with a valid token.
 */
public final class RawClient implements AutoCloseable {

  private final DatagramChannel channel;
  private final Selector selector;
  private final InetSocketAddress server;
  private final ByteBuffer buffer = ByteBuffer.allocate(2048);

  public RawClient(InetSocketAddress server) throws IOException {
    this.server = server;
    this.channel = DatagramChannel.open();
    channel.configureBlocking(false);
    channel.bind(new InetSocketAddress(server.getAddress(), 0));
    this.selector = Selector.open();
    channel.register(selector, SelectionKey.OP_READ);
  }

  public InetSocketAddress address() throws IOException {
    return (InetSocketAddress) channel.getLocalAddress();
  }

  public void send(byte[] datagram) throws IOException {
    channel.send(ByteBuffer.wrap(datagram), server);
  }

  /** Updates {@code node} until a datagram arrives here, or returns null after {@code max}. */
  public byte[] receive(UdpNode node, Duration max) throws IOException {
    long deadline = System.nanoTime() + max.toNanos();
    while (true) {
      node.update();
      buffer.clear();
      if (channel.receive(buffer) != null) {
        return Arrays.copyOf(buffer.array(), buffer.position());
      }
      if (System.nanoTime() - deadline > 0) {
        return null;
      }
      selector.select(2);
      selector.selectedKeys().clear();
    }
  }

  /**
   * Like {@link #receive}, but skips the packets of a connection (keep-alives and
   * acknowledgements): returns the next handshake or control packet, or null after {@code max}.
   */
  public byte[] receiveControl(UdpNode node, Duration max) throws IOException {
    long deadline = System.nanoTime() + max.toNanos();
    while (true) {
      byte[] datagram = receive(node, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
      if (datagram == null || ControlPacket.isControl(datagram, datagram.length)) {
        return datagram;
      }
    }
  }

  public static byte[] request(long nonce) {
    return ControlPacket.request(NodeConfig.DEFAULT_PROTOCOL, nonce);
  }

  public static byte[] responseTo(byte[] challenge) {
    return ControlPacket.response(NodeConfig.DEFAULT_PROTOCOL, challenge);
  }

  /** Asks for a challenge and returns it. */
  public byte[] challenge(UdpNode node, long nonce) throws IOException {
    send(request(nonce));
    byte[] challenge = receiveControl(node, Drive.LIMIT);
    assertNotNull(challenge, "challenge");
    assertEquals(ControlPacket.CHALLENGE, challenge[0] & 0xFF);
    return challenge;
  }

  /** Completes a handshake with {@code node}; returns the token. */
  public long connect(UdpNode node, long nonce) throws IOException {
    byte[] response = responseTo(challenge(node, nonce));
    send(response);
    byte[] accept = receiveControl(node, Drive.LIMIT);
    assertNotNull(accept, "accept");
    assertEquals(ControlPacket.ACCEPT, accept[0] & 0xFF);
    return tokenOf(accept);
  }

  public static long tokenOf(byte[] accept) {
    return ControlPacket.getLong(accept, 9);
  }

  public static byte[] disconnect(long token) {
    return ControlPacket.disconnect(token);
  }

  public static byte[] snapshot(long token, int sequence, byte[] payload) {
    return ControlPacket.snapshot(token, sequence, payload);
  }

  @Override
  public void close() throws IOException {
    selector.close();
    channel.close();
  }
}
