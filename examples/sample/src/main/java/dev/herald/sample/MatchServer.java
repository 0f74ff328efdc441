package dev.herald.sample;

import dev.herald.Address;
import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;
import dev.herald.net.MessageDependency;
import dev.herald.peers.PeerConnected;
import dev.herald.peers.PeerDisconnected;
import dev.herald.peers.UdpBridge;
import java.util.HashMap;
import java.util.Map;

/**
 * The server's side of the match: spawns units for each player who connects, applies their commands
 * in order, and tells them where their units went.
 */
final class MatchServer {
  static final int UNITS_PER_PLAYER = 3;

  private final UdpBridge net;
  private final Map<Address, Player> players = new HashMap<>();
  private int nextUnit = 1;
  int playersSeen;
  int playersGone;
  long commandsApplied;
  long commandsOutOfOrder;

  MatchServer(UdpBridge net) {
    this.net = net;
  }

  /** One connected player: where each unit is, and the number of its next command. */
  private static final class Player {
    final Map<Integer, int[]> positions = new HashMap<>();
    final Map<Integer, Integer> nextCommand = new HashMap<>();
  }

  @Subscribe
  void on(PeerConnected connected) {
    Player player = new Player();
    players.put(connected.peer(), player);
    playersSeen++;
    for (int i = 0; i < UNITS_PER_PLAYER; i++) {
      int unit = nextUnit++;
      int[] at = {unit * 10, 0};
      player.positions.put(unit, at);
      player.nextCommand.put(unit, 1);
      MessageDependency spawn =
          net.send(connected.peer(), new MatchMessage.Spawn(unit, at[0], at[1]));
      // the first position may overtake the spawn on the wire, but never executes before it
      net.send(connected.peer(), new MatchMessage.Moved(unit, 0, at[0], at[1]), spawn);
    }
  }

  @Subscribe
  void on(MatchMessage.Command command, Envelope envelope) {
    Player player = players.get(envelope.from()); // the peer it came from, set by the connection
    Integer expected = player == null ? null : player.nextCommand.get(command.unit());
    if (expected == null) {
      return; // not this player's unit
    }
    if (command.number() != expected) {
      commandsOutOfOrder++;
    }
    player.nextCommand.put(command.unit(), command.number() + 1);
    int[] at = player.positions.get(command.unit());
    at[0] += command.dx();
    at[1] += command.dy();
    commandsApplied++;
    net.send(
        envelope.from(), new MatchMessage.Moved(command.unit(), command.number(), at[0], at[1]));
  }

  @Subscribe
  void on(PeerDisconnected disconnected) {
    if (players.remove(disconnected.peer()) != null) {
      playersGone++;
    }
  }
}
