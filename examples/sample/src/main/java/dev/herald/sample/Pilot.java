package dev.herald.sample;

import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Stage;
import dev.herald.annotation.Subscribe;
import java.time.Duration;

/** Shouts when attacked, and helps whoever else shouts, after a human reaction time. */
final class Pilot {
  /** The others hear a shout 0.2 s later, in the UPDATE stage. */
  static final Header REACTION_TIME =
      Header.builder().stage(Stage.UPDATE).delay(Duration.ofMillis(200)).build();

  private final String name;
  private final int firepower;
  private final MessageBus bus;
  private final Spawner sky;

  Pilot(String name, int firepower, MessageBus bus, Spawner sky) {
    this.name = name;
    this.firepower = firepower;
    this.bus = bus;
    this.sky = sky;
  }

  void attackedBy(Enemy enemy) {
    DemoGame.say("%s: \"Mayday! %s is on my tail!\"", name, enemy.name());
    bus.post(new UnderAttack(name, enemy.name()), REACTION_TIME);
  }

  @Subscribe
  void onUnderAttack(UnderAttack shout) {
    Enemy attacker = sky.find(shout.attacker());
    if (!shout.pilot().equals(name) && attacker != null && attacker.isAlive()) {
      DemoGame.say("  %s dives at %s", name, attacker.name());
      attacker.hit(firepower, this);
    }
  }

  String name() {
    return name;
  }

  @Override
  public String toString() {
    return name;
  }
}
