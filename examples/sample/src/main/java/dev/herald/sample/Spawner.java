package dev.herald.sample;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;

/** Keeps the sky full: replaces every destroyed enemy with a new one. */
final class Spawner {
  private static final String[] NAMES = {"Red Baron", "Black Knight", "Iron Hawk", "Grey Ghost"};

  private final MessageBus bus;
  private final List<Enemy> enemies = new ArrayList<>();
  private int spawned;

  Spawner(MessageBus bus) {
    this.bus = bus;
  }

  Enemy spawn() {
    String name = NAMES[spawned % NAMES.length] + " " + (spawned / NAMES.length + 1);
    spawned++;
    Enemy enemy = new Enemy(name, 30, bus);
    enemies.add(enemy);
    return enemy;
  }

  @Subscribe
  void onEnemyDestroyed(EnemyDestroyed event) {
    enemies.remove(find(event.enemy()));
    DemoGame.say("  spawner sends in %s", spawn().name());
  }

  /** The enemy in the sky with this name, or null. */
  Enemy find(String name) {
    for (Enemy enemy : enemies) {
      if (enemy.name().equals(name)) {
        return enemy;
      }
    }
    return null;
  }

  List<Enemy> enemies() {
    return List.copyOf(enemies);
  }
}
