package dev.herald.sample;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;

/** Shouts when attacked, and helps whoever else shouts. */
final class Pilot {
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
    bus.post(new UnderAttack(this, enemy));
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
