package dev.herald.gdxgame;

import dev.herald.net.udp.NodeConfig;
import dev.herald.peers.UdpBridge;
import dev.herald.wire.CodecRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;

/** The client's game: blue's player sits here and follows what the server decides. */
public final class DuelClient extends DuelGame {
  private final InetSocketAddress server;
  private final ScriptedControls blueControls;
  private Player player;

  public DuelClient(GameClock clock, InetSocketAddress server, Move... blueScript) {
    super(clock);
    this.server = server;
    this.blueControls = new ScriptedControls(blueScript);
  }

  @Override
  public void create() {
    try {
      net = UdpBridge.client(bus, CodecRegistry.load(), server, NodeConfig.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    player = new Player(bus, net, red, blue, blueControls, transcript);
    bus.register(player);
  }

  @Override
  void input() {
    player.input();
  }

  @Override
  public boolean isOver() {
    return player.isOver();
  }
}
