package dev.herald.gdxgame;

import dev.herald.gdxgame.DuelMessage.MoveChosen;
import dev.herald.net.udp.NodeConfig;
import dev.herald.peers.UdpBridge;
import dev.herald.wire.CodecRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/** The server's game: red's player sits here, and the referee decides every exchange. */
public final class DuelServer extends DuelGame {
  private final ScriptedControls redControls;
  private Referee referee;

  public DuelServer(GameClock clock, Move... redScript) {
    super(clock);
    this.redControls = new ScriptedControls(redScript);
  }

  /** Opens the server on a free port of the loopback interface. */
  @Override
  public void create() {
    try {
      net =
          UdpBridge.server(
              bus,
              CodecRegistry.load(),
              new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
              NodeConfig.defaults());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    referee = new Referee(bus, net, red, blue, redControls, transcript);
    bus.register(referee);
  }

  /** Red's move, posted on this bus: the referee hears it as it hears blue's from the network. */
  @Override
  void input() {
    MoveChosen chosen = redControls.poll();
    if (chosen != null) {
      bus.post(chosen);
    }
  }

  @Override
  public boolean isOver() {
    return referee.isOver();
  }

  /** Where clients (or a relay in front of it) reach this server. */
  public InetSocketAddress address() {
    return net.node().localAddress();
  }
}
