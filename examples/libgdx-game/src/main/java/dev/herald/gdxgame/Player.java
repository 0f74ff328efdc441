package dev.herald.gdxgame;

import dev.herald.Address;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.gdxgame.DuelMessage.MatchOver;
import dev.herald.gdxgame.DuelMessage.MoveChosen;
import dev.herald.gdxgame.DuelMessage.RoundOpen;
import dev.herald.gdxgame.DuelMessage.RoundResolved;
import dev.herald.net.MessageDependency;
import dev.herald.peers.PeerConnected;
import dev.herald.peers.PeerDisconnected;
import dev.herald.peers.UdpBridge;
import java.util.List;

/**
 * The client's side: answers each round the server opens with blue's move, and plays out on its own
 * fighters what the server resolved.
 */
final class Player {
  private final MessageBus bus;
  private final UdpBridge net;
  private final Fighter red;
  private final Fighter blue;
  private final ScriptedControls controls;
  private final List<String> transcript;
  private Address server;
  private MessageDependency lastSent;
  private boolean over;

  Player(
      MessageBus bus,
      UdpBridge net,
      Fighter red,
      Fighter blue,
      ScriptedControls controls,
      List<String> transcript) {
    this.bus = bus;
    this.net = net;
    this.red = red;
    this.blue = blue;
    this.controls = controls;
    this.transcript = transcript;
  }

  @Subscribe
  void on(PeerConnected connected) {
    server = connected.peer();
  }

  @Subscribe
  void on(RoundOpen open) {
    transcript.add(Commentary.roundOpens(open.round()));
    controls.ask(open.round());
  }

  @Subscribe
  void on(RoundResolved resolved) {
    transcript.add(
        Commentary.exchange(resolved.round(), resolved.red(), resolved.blue(), resolved.winner()));
    if (resolved.winner() != null) {
      bus.post(new Hit(1), (resolved.winner() == Corner.RED ? blue : red).toIt());
    }
  }

  @Subscribe
  void on(MatchOver matchOver) {
    transcript.add(Commentary.matchOver(matchOver.winner()));
    over = true;
  }

  @Subscribe
  void on(PeerDisconnected gone) {
    if (!over) {
      over = true;
      transcript.add("server gone: " + gone.reason());
    }
  }

  /** The input poll: sends blue's move once a round waits for it. */
  void input() {
    MoveChosen chosen = server == null ? null : controls.poll();
    if (chosen != null) {
      lastSent = lastSent == null ? net.send(server, chosen) : net.send(server, chosen, lastSent);
    }
  }

  boolean isOver() {
    return over;
  }
}
