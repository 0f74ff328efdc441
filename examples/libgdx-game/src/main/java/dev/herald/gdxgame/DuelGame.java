package dev.herald.gdxgame;

import com.badlogic.gdx.ApplicationAdapter;
import dev.herald.MessageBus;
import dev.herald.Stage;
import dev.herald.peers.UdpBridge;
import java.util.ArrayList;
import java.util.List;

/**
 * One side of a duel as a libGDX application: each {@link #render()} is one frame of the bus. The
 * server ({@link DuelServer}) and the client ({@link DuelClient}) differ only in how they open the
 * network and what their input does.
 */
public abstract class DuelGame extends ApplicationAdapter {
  static final int HIT_POINTS = 3;

  private final GameClock clock;
  final MessageBus bus;
  final List<String> transcript = new ArrayList<>();
  final Fighter red;
  final Fighter blue;
  UdpBridge net;

  DuelGame(GameClock clock) {
    this.clock = clock;
    this.bus = MessageBus.builder().ticker(clock.ticker()).build();
    this.red = new Fighter(bus, Corner.RED, HIT_POINTS, transcript);
    this.blue = new Fighter(bus, Corner.BLUE, HIT_POINTS, transcript);
  }

  /**
   * One frame: game time moves on (unless paused), the network delivers what arrived, the input is
   * read, then the update and late-update stages run and the frame ends.
   */
  @Override
  public void render() {
    clock.tick();
    net.update(); // messages from the peer are posted here, on the game's thread
    input();
    bus.runStage(Stage.UPDATE);
    bus.runStage(Stage.LATE_UPDATE);
    bus.endFrame();
  }

  /** Reads the player's input for this frame. */
  abstract void input();

  /** Whether this side has seen the end of the match. */
  public abstract boolean isOver();

  /**
   * Pauses game time: delays in seconds wait until {@link #resume()}. libGDX calls it when the game
   * goes to the background; a pause menu calls it too.
   */
  @Override
  public void pause() {
    clock.pause();
  }

  @Override
  public void resume() {
    clock.resume();
  }

  @Override
  public void dispose() {
    if (net != null) {
      net.close();
    }
    bus.close();
  }

  /** What a heads-up display would show. */
  public String status() {
    return String.format(
        "%sframe %d, game time %.2f s",
        clock.isPaused() ? "PAUSED: " : "", bus.frame(), clock.seconds());
  }

  /** The game events this side saw, in order. */
  public List<String> transcript() {
    return List.copyOf(transcript);
  }

  public MessageBus bus() {
    return bus;
  }

  public GameClock clock() {
    return clock;
  }
}
