package dev.herald.gdxgame;

import com.badlogic.gdx.ApplicationAdapter;
import com.badlogic.gdx.Gdx;
import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.LossyRelay;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A whole match in one application: the server's game and the client's, each with its own bus and
 * game clock, rendered one after the other each frame, the client reaching the server through a
 * relay on loopback that loses {@value #LOSS_PERCENT} % of the datagrams. In a real match each
 * would be its own application on its own machine.
 */
public final class DuelMatch extends ApplicationAdapter {
  static final int LOSS_PERCENT = 5;
  static final Move[] RED_SCRIPT = {
    Move.STRIKE, Move.GUARD, Move.FEINT, Move.STRIKE, Move.FEINT, Move.GUARD
  };
  static final Move[] BLUE_SCRIPT = {
    Move.GUARD, Move.GUARD, Move.STRIKE, Move.STRIKE, Move.GUARD, Move.FEINT
  };

  private final FrameTime frameTime;
  private final long seed;
  private final boolean exitWhenOver;
  private final CountDownLatch disposed = new CountDownLatch(1);
  private DuelServer server;
  private DuelClient client;
  private LossyRelay relay;
  private volatile RuntimeException failure;

  /**
   * @param frameTime the game time each frame adds, on both sides
   * @param seed the relay's seed: which datagrams it loses
   * @param exitWhenOver whether to end the libGDX application ({@code Gdx.app.exit()}) once both
   *     sides have seen the end of the match
   */
  public DuelMatch(FrameTime frameTime, long seed, boolean exitWhenOver) {
    this.frameTime = frameTime;
    this.seed = seed;
    this.exitWhenOver = exitWhenOver;
  }

  @Override
  public void create() {
    try {
      server = new DuelServer(new GameClock(frameTime), RED_SCRIPT);
      server.create();
      relay =
          LossyRelay.start(
              server.address(), LinkConditions.perfect().withLoss(LOSS_PERCENT / 100.0), seed);
      client = new DuelClient(new GameClock(frameTime), relay.address(), BLUE_SCRIPT);
      client.create();
    } catch (IOException e) {
      fail(new UncheckedIOException(e));
    } catch (RuntimeException e) {
      fail(e);
    }
  }

  /** One frame of each side. */
  @Override
  public void render() {
    if (failure != null) {
      return;
    }
    try {
      server.render();
      client.render();
    } catch (RuntimeException e) {
      fail(e);
      return;
    }
    if (exitWhenOver && isOver()) {
      Gdx.app.exit();
    }
  }

  /**
   * Waits up to {@code max} for a datagram at the server: for a loop that steps frames as fast as
   * it can, so that game time does not race ahead of the packets on their way.
   */
  public void awaitTraffic(Duration max) throws IOException {
    server.net.node().awaitDatagram(max);
  }

  @Override
  public void dispose() {
    try {
      if (client != null) {
        client.dispose();
      }
      if (relay != null) {
        relay.close();
      }
      if (server != null) {
        server.dispose();
      }
    } finally {
      disposed.countDown();
    }
  }

  /** Waits for {@link #dispose()}; rethrows what failed in a frame. */
  public boolean awaitEnd(Duration max) throws InterruptedException {
    boolean ended = disposed.await(max.toMillis(), TimeUnit.MILLISECONDS);
    if (failure != null) {
      throw failure;
    }
    return ended;
  }

  private void fail(RuntimeException e) {
    failure = e;
    if (exitWhenOver) {
      Gdx.app.exit();
    }
  }

  /** Whether both sides have seen the end of the match. */
  public boolean isOver() {
    return server != null && client != null && server.isOver() && client.isOver();
  }

  public DuelServer server() {
    return server;
  }

  public DuelClient client() {
    return client;
  }

  /** What the relay did: datagrams through it, and those it lost. */
  public String relayCounts() {
    return relay.lost() + " of " + relay.received() + " datagrams lost";
  }

  RuntimeException failure() {
    return failure;
  }
}
