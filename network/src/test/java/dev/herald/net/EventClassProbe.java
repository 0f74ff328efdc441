package dev.herald.net;

import dev.herald.net.udp.DisconnectReason;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.net.udp.PeerListener;
import dev.herald.net.udp.RawClient;
import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.function.BooleanSupplier;

/**
 * Run in a JVM of its own by {@link NoRecordingLoadsNoEventClassTest}: takes a UDP node down every
 * path that records a flight recorder event (a peer connects, a message cannot be read, a packet
 * breaks the protocol, a peer leaves), then prints what happened.
 */
public final class EventClassProbe {

  private EventClassProbe() {}

  public static void main(String[] args) throws IOException {
    InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
    Unreadable listener = new Unreadable();
    try (UdpNode server = UdpNode.server(loopback, NodeConfig.defaults(), listener);
        UdpNode client =
            UdpNode.client(server.localAddress(), NodeConfig.defaults(), new Unreadable());
        RawClient raw = new RawClient(server.localAddress())) {
      listener.node = server;
      until(() -> client.server().isConnected() && server.peers().size() == 1, server, client);
      client.send(client.server(), new byte[] {1});
      until(() -> server.counters().unreadableMessages() == 1, server, client);
      long token = raw.connect(server, 97);
      raw.send(TestPackets.packet(0).token(token).message(5, new byte[] {42}, 5).bytes());
      until(() -> server.counters().protocolErrors() == 1, server);
      client.disconnect(client.server());
      until(() -> server.peers().size() == 1, server, client);
      System.out.println(
          "probe: "
              + server.counters().peersAccepted()
              + " connected, "
              + server.counters().unreadableMessages()
              + " unreadable, "
              + server.counters().protocolErrors()
              + " protocol error, 1 gone");
    }
  }

  private static void until(BooleanSupplier done, UdpNode... nodes) throws IOException {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!done.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException("the probe gave up");
      }
      for (UdpNode node : nodes) {
        node.update();
      }
      nodes[0].awaitDatagram(java.time.Duration.ofMillis(2));
    }
  }

  /** Reports every message unreadable. */
  private static final class Unreadable implements PeerListener {
    UdpNode node;

    @Override
    public void onConnected(Peer peer) {}

    @Override
    public void onMessage(Peer peer, byte[] payload) {
      node.reportUnreadable(peer, "no codec for type " + payload[0]);
    }

    @Override
    public void onDisconnected(Peer peer, DisconnectReason reason) {}
  }
}
