package dev.herald.sample;

import dev.herald.MessageBus;
import dev.herald.Registration;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * A dogfight in a few frames: enemies attack pilots, pilots shout {@link UnderAttack} and
 * help each other, destroyed enemies are scored and replaced by listeners they never heard
 * of, and a camera drone that the game lets go of is collected and forgotten by the bus.
 *
 * <p>Run it with {@code java -jar sample/target/herald-sample.jar} after building.
 */
public final class DemoGame {
  private static final int FRAMES = 4;

  private DemoGame() {}

  public static void main(String[] args) throws Exception {
    say("== dogfight ==");
    MessageBus bus = MessageBus.create();
    Random dice = new Random(42);

    List<Pilot> squadron =
        List.of(new Pilot("Maverick", 20, bus), new Pilot("Goose", 10, bus), new Pilot("Iceman", 15, bus));
    squadron.forEach(bus::register);

    ScoreKeeper scores = new ScoreKeeper();
    Spawner spawner = new Spawner(bus);
    bus.register(scores);
    bus.register(spawner);
    bus.registerStrongly(new RadioLog()); // nobody else holds it
    scores.totalChanged.add(total -> say("  score board: %d", total));

    CameraDrone drone = new CameraDrone();
    Registration droneRegistration = bus.register(drone);
    WeakReference<CameraDrone> droneWatch = new WeakReference<>(drone);

    spawner.spawn();
    spawner.spawn();

    for (int frame = 1; frame <= FRAMES; frame++) {
      say("-- frame %d --", frame);
      for (Enemy enemy : spawner.enemies()) {
        Pilot target = squadron.get(dice.nextInt(squadron.size()));
        target.attackedBy(enemy);
      }
      if (frame == 2) {
        say("(the game drops its camera drone after %d shots)", drone.shots());
        drone = null;
        collectGarbage(droneWatch);
      }
    }

    say("-- after the dogfight --");
    bus.post(new Surrender("the last enemy"));
    say("kills: %s", scores.kills());
    say("camera drone collected: %s; its registration active: %s",
        droneWatch.get() == null, droneRegistration.isActive());
    say("bus: %s", bus);

    say("");
    say("== routing ==");
    TankBattle.run();

    say("");
    showGeneratedSources();
  }

  static void say(String format, Object... args) {
    System.out.println(String.format(format, args));
  }

  /** A few collections, enough for the weakly held drone to go. */
  private static void collectGarbage(WeakReference<?> watched) {
    for (int i = 0; i < 10 && watched.get() != null; i++) {
      System.gc();
    }
  }

  private static void showGeneratedSources() throws IOException, URISyntaxException {
    Path built = Path.of(DemoGame.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path generated =
        built.getParent().resolve("generated-sources/annotations/dev/herald/sample").normalize();
    if (!Files.isDirectory(generated)) {
      say("generated dispatchers: not found next to %s", built);
      return;
    }
    say("Herald generated these dispatchers at compile time (open them, they are plain Java):");
    try (Stream<Path> files = Files.list(generated)) {
      files.sorted().forEach(file -> say("  %s", file));
    }
  }
}
