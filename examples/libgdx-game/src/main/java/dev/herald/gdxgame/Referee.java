package dev.herald.gdxgame;

import dev.herald.Address;
import dev.herald.Envelope;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Stage;
import dev.herald.annotation.Subscribe;
import dev.herald.gdxgame.DuelMessage.MatchOver;
import dev.herald.gdxgame.DuelMessage.MoveChosen;
import dev.herald.gdxgame.DuelMessage.RoundOpen;
import dev.herald.gdxgame.DuelMessage.RoundResolved;
import dev.herald.net.MessageDependency;
import dev.herald.peers.PeerConnected;
import dev.herald.peers.PeerDisconnected;
import dev.herald.peers.UdpBridge;
import java.time.Duration;
import java.util.List;

/**
 * The server's authority: opens each round after a countdown in game time, takes red's move from
 * the local input and blue's from the network, resolves the exchange, hits the loser and tells the
 * client.
 */
final class Referee {
  static final int MAX_ROUNDS = 9;
  static final Duration COUNTDOWN = Duration.ofMillis(500);
  private static final Header AFTER_COUNTDOWN =
      Header.builder().stage(Stage.UPDATE).delay(COUNTDOWN).build();

  private final MessageBus bus;
  private final UdpBridge net;
  private final Fighter red;
  private final Fighter blue;
  private final ScriptedControls redControls;
  private final List<String> transcript;
  private Address client;
  private MessageDependency lastSent;
  private int round;
  private Move redMove;
  private Move blueMove;
  private boolean over;

  Referee(
      MessageBus bus,
      UdpBridge net,
      Fighter red,
      Fighter blue,
      ScriptedControls redControls,
      List<String> transcript) {
    this.bus = bus;
    this.net = net;
    this.red = red;
    this.blue = blue;
    this.redControls = redControls;
    this.transcript = transcript;
  }

  @Subscribe
  void on(PeerConnected connected) {
    if (client != null) {
      net.disconnect(connected.peer()); // a duel has two fighters
      return;
    }
    client = connected.peer();
    bus.post(new NextRound(1), AFTER_COUNTDOWN);
  }

  @Subscribe
  void on(NextRound next) {
    round = next.round();
    redMove = null;
    blueMove = null;
    transcript.add(Commentary.roundOpens(round));
    sendToClient(new RoundOpen(round));
    redControls.ask(round);
  }

  /** Red's move is posted on this bus (no sender); blue's arrives from the client's address. */
  @Subscribe
  void on(MoveChosen chosen, Envelope envelope) {
    if (over || chosen.round() != round) {
      return;
    }
    if (envelope.from() == null) {
      redMove = chosen.move();
    } else if (envelope.from().equals(client)) {
      blueMove = chosen.move();
    }
    if (redMove != null && blueMove != null) {
      resolve();
    }
  }

  @Subscribe
  void on(PeerDisconnected gone) {
    if (gone.peer().equals(client) && !over) {
      over = true;
      transcript.add("blue left: " + gone.reason());
    }
  }

  private void resolve() {
    Corner winner =
        redMove.beats(blueMove) ? Corner.RED : blueMove.beats(redMove) ? Corner.BLUE : null;
    transcript.add(Commentary.exchange(round, redMove, blueMove, winner));
    sendToClient(new RoundResolved(round, redMove, blueMove, winner));
    if (winner != null) {
      bus.post(new Hit(1), (winner == Corner.RED ? blue : red).toIt());
    }
    if (red.isKnockedOut() || blue.isKnockedOut() || round == MAX_ROUNDS) {
      over = true;
      Corner champion = onPoints();
      transcript.add(Commentary.matchOver(champion));
      sendToClient(new MatchOver(champion));
    } else {
      bus.post(new NextRound(round + 1), AFTER_COUNTDOWN);
    }
  }

  private Corner onPoints() {
    int difference = red.health().hp() - blue.health().hp();
    return difference > 0 ? Corner.RED : difference < 0 ? Corner.BLUE : null;
  }

  /** Each message depends on the one before, so the client executes them in this order. */
  private void sendToClient(Object message) {
    lastSent = lastSent == null ? net.send(client, message) : net.send(client, message, lastSent);
  }

  boolean isOver() {
    return over;
  }
}
