package dev.herald.gdxgame;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.Header;
import dev.herald.Stage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One side's game, rendered frame by frame on a fixed step of 1/60 s: delays in frames count
 * rendered frames, delays in seconds follow game time, which stands still while the game is paused.
 */
class GameTimeTest {
  record Probe() {}

  private DuelServer game;

  @BeforeEach
  void create() {
    game = new DuelServer(new GameClock(FrameTime.fixed(FrameTime.SIXTIETH)), Move.STRIKE);
    game.create(); // a server on loopback with nobody connected: the network stays quiet
  }

  @AfterEach
  void dispose() {
    game.dispose();
  }

  private void render(int frames) {
    for (int i = 0; i < frames; i++) {
      game.render();
    }
  }

  @Test
  void aHitFlashDelayedInFramesGoesOutSixFramesAfterTheHitInTheLateUpdate() {
    render(5);
    long hitFrame = game.bus().frame();
    game.bus().post(new Hit(1), game.red.toIt());
    assertTrue(game.red.flash().isLit());

    render(HitFlash.FRAMES);
    assertTrue(game.red.flash().isLit(), "still lit after " + HitFlash.FRAMES + " frames ended");
    render(1);
    assertFalse(game.red.flash().isLit());
    assertEquals(hitFrame + HitFlash.FRAMES, game.red.flash().recoveredAtFrame());
  }

  @Test
  void aMessageDelayedInSecondsDoesNotFallDueWhileTheGameIsPaused() {
    List<Long> heardInFrame = new ArrayList<>();
    game.bus().subscribe(Probe.class, probe -> heardInFrame.add(game.bus().frame()));
    game.bus()
        .post(
            new Probe(),
            Header.builder().stage(Stage.UPDATE).delay(Duration.ofMillis(500)).build());

    render(10); // a sixth of a second
    game.pause(); // what libGDX calls when the window loses focus, and a pause menu too
    double pausedAt = game.clock().seconds();
    render(600); // ten seconds' worth of frames, paused
    assertEquals(List.of(), heardInFrame, "not due while paused");
    assertEquals(pausedAt, game.clock().seconds());
    assertEquals(610, game.bus().frame(), "frames go on while paused");
    assertTrue(game.status().startsWith("PAUSED: frame 610"), game.status());

    game.resume();
    render(19); // 29 frames of game time: just short of half a second
    assertEquals(List.of(), heardInFrame);
    render(1);
    assertEquals(List.of(629L), heardInFrame, "due at the thirtieth frame of game time");
  }

  @Test
  void aFlashCountsRenderedFramesEvenWhileTheGameIsPaused() {
    game.pause();
    long hitFrame = game.bus().frame();
    game.bus().post(new Hit(1), game.blue.toIt());
    render(HitFlash.FRAMES + 1);
    assertFalse(game.blue.flash().isLit());
    assertEquals(hitFrame + HitFlash.FRAMES, game.blue.flash().recoveredAtFrame());
    assertEquals(0.0, game.clock().seconds(), "no game time passed");
  }
}
