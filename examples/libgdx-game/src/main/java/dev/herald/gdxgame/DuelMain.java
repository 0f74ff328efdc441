package dev.herald.gdxgame;

import com.badlogic.gdx.backends.headless.HeadlessApplication;
import com.badlogic.gdx.backends.headless.HeadlessApplicationConfiguration;
import java.time.Duration;

/**
 * Plays a duel on libGDX's headless backend, game time measured by libGDX, and prints what each
 * side saw: {@code java -jar examples/libgdx-game/target/herald-libgdx-game.jar}.
 */
public final class DuelMain {
  static final int FRAMES_PER_SECOND = 60;
  static final Duration LIMIT = Duration.ofSeconds(30);

  private DuelMain() {}

  public static void main(String[] args) throws InterruptedException {
    DuelMatch match = play(FrameTime.measuredByGdx(), 42);
    if (match == null) {
      System.out.println("the match did not end within " + LIMIT.toSeconds() + " s");
      System.exit(1);
    }
    System.out.println("== a duel over loopback UDP, through a relay at 5 % loss ==");
    print("server (red)", match.server());
    print("client (blue)", match.client());
    System.out.println("relay: " + match.relayCounts());
    boolean agree = match.server().transcript().equals(match.client().transcript());
    System.out.println("both sides saw the same match: " + (agree ? "yes" : "NO"));
    System.exit(agree ? 0 : 1);
  }

  /**
   * Runs a match on a {@link HeadlessApplication} until both sides have seen its end; returns it,
   * disposed, or null if it did not end within {@link #LIMIT}.
   */
  static DuelMatch play(FrameTime frameTime, long seed) throws InterruptedException {
    DuelMatch match = new DuelMatch(frameTime, seed, true);
    HeadlessApplicationConfiguration config = new HeadlessApplicationConfiguration();
    config.updatesPerSecond = FRAMES_PER_SECOND;
    new HeadlessApplication(match, config);
    return match.awaitEnd(LIMIT) ? match : null;
  }

  private static void print(String side, DuelGame game) {
    System.out.println(side + ", " + game.status() + ":");
    for (String line : game.transcript()) {
      System.out.println("  " + line);
    }
  }
}
