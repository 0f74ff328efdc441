package dev.herald.sample;

import dev.herald.MessageBus;
import dev.herald.net.ConnectionCounters;
import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.LossyRelay;
import dev.herald.net.udp.NodeConfig;
import dev.herald.net.udp.Peer;
import dev.herald.peers.UdpBridge;
import dev.herald.wire.CodecRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/**
 * A networked match over UDP: a server spawns three units for each player; players command their
 * units, each command depending on the one before; the server answers each with the unit's new
 * position, and each unit's first position depends on its spawn.
 *
 * <pre>
 * java -jar herald-sample.jar match              server and two clients in this process, through a lossy relay
 * java -jar herald-sample.jar server [port [players]]   a server (port 7777) until that many players (2) have played
 * java -jar herald-sample.jar client [host [port]]   one player
 * </pre>
 */
final class NetworkedMatch {
  static final int DEFAULT_PORT = 7777;
  private static final Duration FRAME = Duration.ofMillis(5);
  private static final Duration LIMIT = Duration.ofSeconds(60);
  private static final LinkConditions TEN_PERCENT_LOSS =
      LinkConditions.perfect()
          .withLoss(0.10)
          .withLatency(Duration.ofMillis(20), Duration.ofMillis(10));

  private NetworkedMatch() {}

  static void run(String[] args) throws IOException {
    switch (args[0]) {
      case "match":
        inOneProcess();
        break;
      case "server":
        server(
            args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_PORT,
            args.length > 2 ? Integer.parseInt(args[2]) : 2);
        break;
      case "client":
        String host = args.length > 1 ? args[1] : "127.0.0.1";
        int port = args.length > 2 ? Integer.parseInt(args[2]) : DEFAULT_PORT;
        System.exit(client(new InetSocketAddress(host, port)) ? 0 : 1);
        break;
      default:
        throw new IllegalArgumentException(
            "unknown mode " + args[0] + ": use match, server [port] or client [host [port]]");
    }
  }

  /**
   * A server and two clients in one process, the clients talking to it through a relay at 10 %
   * loss.
   */
  static boolean inOneProcess() throws IOException {
    say(
        "== networked match: a server and two clients over loopback UDP, through a relay at 10 %% loss ==");
    CodecRegistry codecs = CodecRegistry.load();
    MessageBus serverBus = MessageBus.create();
    try (UdpBridge server =
            UdpBridge.server(serverBus, codecs, loopback(0), NodeConfig.defaults());
        LossyRelay relay = LossyRelay.start(server.node().localAddress(), TEN_PERCENT_LOSS, 42)) {
      MatchServer match = new MatchServer(server);
      serverBus.register(match);
      UdpBridge[] nets = new UdpBridge[2];
      MatchClient[] players = new MatchClient[2];
      for (int i = 0; i < 2; i++) {
        MessageBus bus = MessageBus.create();
        nets[i] = UdpBridge.client(bus, codecs, relay.address(), NodeConfig.defaults());
        players[i] = new MatchClient(nets[i], i);
        bus.register(players[i]);
      }
      long deadline = System.nanoTime() + LIMIT.toNanos();
      while (!(players[0].done() && players[1].done()) && System.nanoTime() - deadline < 0) {
        server.update();
        for (int i = 0; i < 2; i++) {
          nets[i].update();
          players[i].play();
        }
        server.node().awaitDatagram(FRAME);
      }
      List<Peer> peers = server.node().peers();
      long fromServer = 0;
      long resentByServer = 0;
      for (Peer peer : peers) {
        fromServer += peer.counters().messagesSent();
        resentByServer += peer.counters().retransmissions();
      }
      long fromClients = 0;
      long resentByClients = 0;
      for (UdpBridge net : nets) {
        ConnectionCounters counters = net.node().server().counters();
        fromClients += counters.messagesSent();
        resentByClients += counters.retransmissions();
      }
      say(
          "crossed: %d messages from the server, %d from the clients (resends included)",
          fromServer, fromClients);
      say(
          "the relay lost %d of %d datagrams; resent: %d by the server, %d by the clients",
          relay.lost(), relay.received(), resentByServer, resentByClients);
      boolean good =
          players[0].done()
              && players[1].done()
              && match.commandsOutOfOrder == 0
              && match.commandsApplied
                  == 2L * MatchServer.UNITS_PER_PLAYER * MatchClient.COMMANDS_PER_UNIT;
      for (MatchClient player : players) {
        good &= player.movedBeforeSpawn == 0 && player.movedTwice == 0;
      }
      say(
          "commands applied: %d, out of order: %d; positions before their spawn: %d, twice: %d",
          match.commandsApplied,
          match.commandsOutOfOrder,
          players[0].movedBeforeSpawn + players[1].movedBeforeSpawn,
          players[0].movedTwice + players[1].movedTwice);
      say("every message arrived once and in dependency order: %s", good ? "yes" : "NO");
      for (UdpBridge net : nets) {
        net.close();
      }
      return good;
    }
  }

  /**
   * Serves until {@code players} players have played and left, or a minute passed with nobody
   * connected.
   */
  static void server(int port, int players) throws IOException {
    MessageBus bus = MessageBus.create();
    try (UdpBridge server =
        UdpBridge.server(
            bus, CodecRegistry.load(), new InetSocketAddress(port), NodeConfig.defaults())) {
      MatchServer match = new MatchServer(server);
      bus.register(match);
      say(
          "match server on %s: start clients with `java -jar herald-sample.jar client HOST %d`",
          server.node().localAddress(), server.node().localAddress().getPort());
      long idleSince = System.nanoTime();
      while (match.playersGone < players && System.nanoTime() - idleSince < LIMIT.toNanos()) {
        server.update();
        if (!server.peers().isEmpty()) {
          idleSince = System.nanoTime();
        }
        server.node().awaitDatagram(FRAME);
      }
      say(
          "%d players came and went; commands applied: %d, out of order: %d",
          match.playersSeen, match.commandsApplied, match.commandsOutOfOrder);
    }
  }

  /**
   * Plays one match against {@code address}; returns whether everything arrived once and in order.
   */
  static boolean client(InetSocketAddress address) throws IOException {
    MessageBus bus = MessageBus.create();
    try (UdpBridge net =
        UdpBridge.client(bus, CodecRegistry.load(), address, NodeConfig.defaults())) {
      MatchClient player = new MatchClient(net, System.nanoTime());
      bus.register(player);
      long deadline = System.nanoTime() + LIMIT.toNanos();
      while (!player.done()
          && System.nanoTime() - deadline < 0
          && net.node().server().disconnectReason() == null) {
        net.update();
        player.play();
        net.node().awaitDatagram(FRAME);
      }
      boolean good = player.done() && player.movedBeforeSpawn == 0 && player.movedTwice == 0;
      say(
          "sent %d commands; positions received: %d (before their spawn: %d, twice: %d); all once and in order: %s",
          player.commandsSent(),
          player.movedReceived,
          player.movedBeforeSpawn,
          player.movedTwice,
          good ? "yes" : "NO");
      return good;
    }
  }

  private static InetSocketAddress loopback(int port) {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
  }

  private static void say(String format, Object... args) {
    System.out.println(String.format(format, args));
  }
}
