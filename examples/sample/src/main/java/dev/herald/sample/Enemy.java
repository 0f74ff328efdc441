package dev.herald.sample;

import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Stage;

/**
 * Attacks pilots and takes damage. When it goes down it posts {@link EnemyDestroyed}; it knows
 * nothing of the score keeper or the spawner that react to that.
 */
final class Enemy {
  /** The wreck hits the ground ten frames later, drawn in LATE_UPDATE. */
  static final Header TEN_FRAMES_LATER =
      Header.builder().stage(Stage.LATE_UPDATE).delayFrames(10).build();

  private final String name;
  private final MessageBus bus;
  private int health;

  Enemy(String name, int health, MessageBus bus) {
    this.name = name;
    this.health = health;
    this.bus = bus;
  }

  void attack(Pilot target) {
    if (isAlive()) {
      target.attackedBy(this);
    }
  }

  void hit(int damage, Pilot by) {
    if (!isAlive()) {
      return;
    }
    health = Math.max(0, health - damage);
    if (!isAlive()) {
      DemoGame.say("  %s goes down in flames", name);
      bus.post(new EnemyDestroyed(name, by.name()));
      bus.post(new Explosion(name), TEN_FRAMES_LATER);
    }
  }

  boolean isAlive() {
    return health > 0;
  }

  String name() {
    return name;
  }

  @Override
  public String toString() {
    return name;
  }
}
