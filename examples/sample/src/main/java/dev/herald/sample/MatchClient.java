package dev.herald.sample;

import dev.herald.Address;
import dev.herald.annotation.Subscribe;
import dev.herald.net.MessageDependency;
import dev.herald.peers.PeerConnected;
import dev.herald.peers.UdpBridge;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * A player: commands each unit once it has spawned, {@value #COMMANDS_PER_UNIT} times, each command
 * depending on the previous one for the same unit, and checks what the server says.
 */
final class MatchClient {
  static final int COMMANDS_PER_UNIT = 100;

  private final UdpBridge net;
  private final Random dice;
  private final Map<Integer, Unit> units = new LinkedHashMap<>();
  private Address server;
  long movedReceived;
  long movedBeforeSpawn;
  long movedTwice;

  MatchClient(UdpBridge net, long seed) {
    this.net = net;
    this.dice = new Random(seed);
  }

  private static final class Unit {
    int commandsSent;
    MessageDependency lastCommand;
    final boolean[] moved = new boolean[COMMANDS_PER_UNIT + 1];
  }

  @Subscribe
  void on(PeerConnected connected) {
    server = connected.peer();
  }

  @Subscribe
  void on(MatchMessage.Spawn spawn) {
    units.put(spawn.unit(), new Unit());
  }

  @Subscribe
  void on(MatchMessage.Moved moved) {
    Unit unit = units.get(moved.unit());
    if (unit == null) {
      movedBeforeSpawn++;
      return;
    }
    if (unit.moved[moved.number()]) {
      movedTwice++;
    }
    unit.moved[moved.number()] = true;
    movedReceived++;
  }

  /** Sends a command for each unit that has commands left: once per frame. */
  void play() {
    if (server == null) {
      return;
    }
    for (Map.Entry<Integer, Unit> entry : units.entrySet()) {
      Unit unit = entry.getValue();
      if (unit.commandsSent < COMMANDS_PER_UNIT) {
        MatchMessage.Command command =
            new MatchMessage.Command(
                entry.getKey(), ++unit.commandsSent, dice.nextInt(3) - 1, dice.nextInt(3) - 1);
        unit.lastCommand =
            unit.lastCommand == null
                ? net.send(server, command)
                : net.send(server, command, unit.lastCommand);
      }
    }
  }

  /** Whether the server reported every unit's first position and every command's result. */
  boolean done() {
    return units.size() == MatchServer.UNITS_PER_PLAYER
        && movedReceived == (long) MatchServer.UNITS_PER_PLAYER * (COMMANDS_PER_UNIT + 1);
  }

  int commandsSent() {
    int sent = 0;
    for (Unit unit : units.values()) {
      sent += unit.commandsSent;
    }
    return sent;
  }
}
