package dev.herald.sample;

import dev.herald.annotation.Subscribe;

/**
 * Sends each kill to a (pretend) leaderboard server. That is slow, so it runs on the bus's
 * executor: the game loop never waits for it, and one upload at a time.
 */
final class ScoreUploader {
  private int uploaded;

  @Subscribe(async = true)
  void upload(EnemyDestroyed event) throws InterruptedException {
    Thread.sleep(20); // the network, pretended
    uploaded++;
  }

  int uploaded() {
    return uploaded;
  }
}
