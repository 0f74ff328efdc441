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

  Pilot(String name, int firepower, MessageBus bus) {
    this.name = name;
    this.firepower = firepower;
    this.bus = bus;
  }

  void attackedBy(Enemy enemy) {
    DemoGame.say("%s: \"Mayday! %s is on my tail!\"", name, enemy.name());
    bus.post(new UnderAttack(this, enemy), REACTION_TIME);
  }

  @Subscribe
  void onUnderAttack(UnderAttack shout) {
    if (shout.pilot() != this && shout.attacker().isAlive()) {
      DemoGame.say("  %s dives at %s", name, shout.attacker().name());
      shout.attacker().hit(firepower, this);
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
