package dev.herald.sample;

import dev.herald.MessageBus;
import dev.herald.QueuedMessages;
import dev.herald.Registration;
import dev.herald.ShutdownReport;
import dev.herald.Stage;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * A dogfight in a game loop: enemies attack pilots, pilots shout {@link UnderAttack} and the others
 * come to help after a human reaction time, destroyed enemies are scored, replaced and uploaded by
 * listeners they never heard of, wrecks explode ten frames later, and a camera drone that the game
 * lets go of is collected and forgotten by the bus. The dogfight's messages are wire types ({@link
 * GameEvent}): a {@link Replay} records them to a file, and they are played back into a fresh bus.
 * Then a second scene shows routing ({@link TankBattle}).
 *
 * <p>Run it with {@code java -jar sample/target/herald-sample.jar} after building; add {@code
 * --describe} to print what each bus holds ({@link MessageBus#describe()}) and its statistics, or
 * {@code match} (or {@code server} / {@code client}) for the {@linkplain NetworkedMatch networked
 * match}. Under {@code java -XX:StartFlightRecording=filename=sample.jfr -jar ...}, the buses'
 * Flight Recorder events ({@code jfr print --events 'dev.herald.*' sample.jfr}) include each post
 * of the dogfight.
 */
public final class DemoGame {
  private static final int FRAMES = 150;
  private static final int ATTACK_EVERY = 30;

  private static GameClock clock;
  private static MessageBus frameSource;

  private DemoGame() {}

  public static void main(String[] args) throws Exception {
    boolean describe = args.length > 0 && args[0].equals("--describe");
    if (describe) {
      args = Arrays.copyOfRange(args, 1, args.length);
    }
    if (args.length > 0) {
      NetworkedMatch.run(args); // match, server or client: the networked match
      return;
    }
    say("== dogfight: %d frames at 60 fps ==", FRAMES);
    clock = new GameClock();
    // postEvents: a Flight Recorder recording sees each post; without one, a post pays one check
    MessageBus bus = MessageBus.builder().ticker(clock).postEvents(true).build();
    frameSource = bus;
    Random dice = new Random(42);

    Spawner spawner = new Spawner(bus);
    List<Pilot> squadron =
        List.of(
            new Pilot("Maverick", 20, bus, spawner),
            new Pilot("Goose", 10, bus, spawner),
            new Pilot("Iceman", 15, bus, spawner));
    squadron.forEach(bus::register);

    ScoreKeeper scores = new ScoreKeeper();
    ScoreUploader uploader = new ScoreUploader();
    Replay replay = new Replay(bus);
    bus.register(replay);
    bus.register(scores);
    bus.register(spawner);
    bus.register(uploader);
    // nobody else holds these two: register holds them strongly, so they stay
    bus.register(new RadioLog());
    bus.register(new Effects());
    scores.totalChanged.add(total -> say("  score board: %d", total));

    CameraDrone drone = new CameraDrone();
    Registration droneRegistration = bus.registerWeakly(drone); // goes when the game drops it
    WeakReference<CameraDrone> droneWatch = new WeakReference<>(drone);

    if (describe) {
      say("-- what the bus holds (MessageBus.describe()) --");
      System.out.print(bus.describe());
    }

    spawner.spawn();
    spawner.spawn();

    for (int frame = 0; frame < FRAMES; frame++) {
      bus.runStage(Stage.FIXED_UPDATE);
      List<Enemy> enemies = spawner.enemies();
      for (int i = 0; i < enemies.size(); i++) {
        if ((frame + i * ATTACK_EVERY / 2) % ATTACK_EVERY == 0) {
          enemies.get(i).attack(squadron.get(dice.nextInt(squadron.size())));
        }
      }
      bus.runStage(Stage.UPDATE);
      bus.runStage(Stage.LATE_UPDATE);
      bus.runStage(Stage.END_OF_FRAME);
      bus.endFrame();
      clock.nextFrame();
      if (frame == 60) {
        say("(the game drops its camera drone after %d shots)", drone.shots());
        drone = null;
        collectGarbage(droneWatch);
      }
    }

    say("-- after the dogfight --");
    bus.post(new Surrender("the last enemy"));
    say("kills: %s", scores.kills());
    say(
        "camera drone collected: %s; its registration active: %s",
        droneWatch.get() == null, droneRegistration.isActive());
    if (describe) {
      say("-- %s", bus.statistics());
    }
    ShutdownReport report = bus.shutdown(QueuedMessages.DELIVER, Duration.ofSeconds(5));
    say("closed the bus: %s; scores uploaded in the background: %d", report, uploader.uploaded());
    frameSource = null;

    say("");
    say("== replay ==");
    Path file = Files.createTempFile("herald-replay-", ".bin");
    try {
      int bytes = replay.save(file);
      say(
          "recorded %d messages of the dogfight as wire frames: %d bytes in %s",
          replay.recorded(), bytes, file);
      MessageBus fresh = MessageBus.create();
      ScoreKeeper replayedScores = new ScoreKeeper();
      fresh.register(replayedScores);
      int played = Replay.playBack(file, fresh);
      say(
          "played them back into a fresh bus: %d messages over %d frames, kills %s (live game: %s)",
          played, fresh.frame(), replayedScores.kills(), scores.kills());
      fresh.close();
    } finally {
      Files.deleteIfExists(file);
    }

    say("");
    say("== routing ==");
    TankBattle.run(describe);

    say("");
    showGeneratedSources();
  }

  static void say(String format, Object... args) {
    String line = String.format(format, args);
    if (frameSource != null && !line.startsWith("--") && !line.startsWith("(")) {
      line = String.format("[frame %3d, %.2f s] %s", frameSource.frame(), clock.seconds(), line);
    }
    System.out.println(line);
  }

  /** A few collections, enough for the weakly held drone to go. */
  private static void collectGarbage(WeakReference<?> watched) {
    for (int i = 0; i < 10 && watched.get() != null; i++) {
      System.gc();
    }
  }

  private static void showGeneratedSources() throws IOException, URISyntaxException {
    Path built =
        Path.of(DemoGame.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path generated =
        built.getParent().resolve("generated-sources/annotations/dev/herald/sample").normalize();
    if (!Files.isDirectory(generated)) {
      say("generated sources: not found next to %s", built);
      return;
    }
    say(
        "Herald generated these dispatchers and codecs at compile time (open them, they are plain Java):");
    try (Stream<Path> files = Files.list(generated)) {
      files.sorted().forEach(file -> say("  %s", file));
    }
  }
}
