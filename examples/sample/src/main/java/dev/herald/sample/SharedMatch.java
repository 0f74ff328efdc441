package dev.herald.sample;

import dev.herald.Envelope;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.nats.NatsBridge;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Two processes share a match through NATS: one plays it, the other watches it. The player exports
 * every {@link GameEvent} and answers {@link ScoreQuery} requests; the watcher imports the events
 * into its own bus, where its own {@link ScoreKeeper} counts the kills, and at the end asks the
 * player for its score board to compare.
 *
 * <pre>
 * nats-server &amp;                                       # or any server, -js not needed
 * java -cp "sample/target/herald-sample.jar:sample/target/lib/*" dev.herald.sample.SharedMatch watch &amp;
 * java -cp "sample/target/herald-sample.jar:sample/target/lib/*" dev.herald.sample.SharedMatch play
 * </pre>
 *
 * A third argument names the server (default {@code nats://127.0.0.1:4222}); {@code both} runs the
 * two in one JVM, each with its own bus and connection.
 */
public final class SharedMatch {
  private static final String PILOTS = "Maverick Goose Iceman";

  private SharedMatch() {}

  public static void main(String[] args) throws Exception {
    String mode = args.length > 0 ? args[0] : "both";
    String server = args.length > 1 ? args[1] : "nats://127.0.0.1:4222";
    switch (mode) {
      case "play" -> play(server);
      case "watch" -> watch(server);
      case "both" -> {
        Thread watcher =
            new Thread(
                () -> {
                  try {
                    watch(server);
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                },
                "watcher");
        watcher.start();
        play(server);
        watcher.join();
      }
      default -> {
        System.err.println("usage: SharedMatch play|watch|both [nats://host:4222]");
        System.exit(2);
      }
    }
  }

  /** Answers the watchers' score queries from this process's score keeper. */
  static final class ScoreDesk {
    private final ScoreKeeper scores;
    final CountDownLatch watcherJoined = new CountDownLatch(1);

    ScoreDesk(ScoreKeeper scores) {
      this.scores = scores;
    }

    @Subscribe
    Score answer(ScoreQuery query) {
      watcherJoined.countDown();
      return new Score(new TreeMap<>(scores.kills()));
    }
  }

  static void play(String server) throws Exception {
    MessageBus bus = MessageBus.create();
    ScoreKeeper scores = new ScoreKeeper();
    bus.register(scores);
    ScoreDesk desk = new ScoreDesk(scores);
    bus.register(desk);
    CountDownLatch finalQuestion = new CountDownLatch(1);
    bus.subscribe(
        ScoreQuery.class,
        query -> {
          if (query.askedBy().endsWith("final")) {
            finalQuestion.countDown();
          }
        });
    try (NatsBridge bridge =
        NatsBridge.builder(bus)
            .server(server)
            .origin("player")
            .exportType(GameEvent.class)
            .importType(ScoreQuery.class)
            .start()) {
      say("player", "waiting for a watcher at " + server);
      if (!desk.watcherJoined.await(60, TimeUnit.SECONDS)) {
        say("player", "nobody came: start SharedMatch watch first");
        return;
      }
      Random dice = new Random(7);
      String[] pilots = PILOTS.split(" ");
      for (int round = 1; round <= 6; round++) {
        String pilot = pilots[dice.nextInt(pilots.length)];
        String enemy = "bandit-" + round;
        bus.post(new UnderAttack(pilot, enemy));
        bus.post(new EnemyDestroyed(enemy, pilots[dice.nextInt(pilots.length)]));
        bus.post(new Explosion(enemy));
      }
      bus.post(new Surrender("the last bandit"));
      say("player", "match over, kills " + scores.kills());
      finalQuestion.await(10, TimeUnit.SECONDS); // the watcher asks once it has seen the end
    } finally {
      bus.close();
    }
  }

  /** Prints what arrives, with the process it came from, and keeps its own score. */
  static final class Commentator {
    NatsBridge bridge;
    final CountDownLatch over = new CountDownLatch(1);

    @Subscribe
    void on(GameEvent event, Envelope envelope) {
      say("watcher", "from " + bridge.originOf(envelope.from()) + ": " + event);
      if (event instanceof Surrender) {
        over.countDown();
      }
    }
  }

  static void watch(String server) throws Exception {
    MessageBus bus = MessageBus.create();
    ScoreKeeper scores = new ScoreKeeper();
    bus.register(scores);
    Commentator commentator = new Commentator();
    bus.register(commentator);
    try (NatsBridge bridge =
        NatsBridge.builder(bus)
            .server(server)
            .origin("watcher")
            .importType(GameEvent.class)
            .exportType(ScoreQuery.class)
            .build()) {
      commentator.bridge = bridge; // before the start: the commentator's first event needs it
      bridge.start();
      say("watcher", "looking for a match at " + server);
      List<Score> hello = List.of();
      for (int attempt = 0; attempt < 60 && hello.isEmpty(); attempt++) {
        hello = bus.request(new ScoreQuery("watcher"), Score.class);
        if (hello.isEmpty()) {
          Thread.sleep(1000); // no player yet: ask again in a second
        }
      }
      if (hello.isEmpty()) {
        say("watcher", "no match found: start SharedMatch play");
        return;
      }
      if (!commentator.over.await(30, TimeUnit.SECONDS)) {
        say("watcher", "the match never ended");
        return;
      }
      List<Score> answers = bus.request(new ScoreQuery("watcher final"), Score.class);
      if (answers.isEmpty()) {
        say("watcher", "the player left before telling its score");
        return;
      }
      Map<String, Integer> theirs = answers.get(0).kills();
      say(
          "watcher",
          "kills counted here "
              + scores.kills()
              + ", by the player "
              + theirs
              + (theirs.equals(scores.kills()) ? ": the same" : ": DIFFERENT"));
    } finally {
      bus.close();
    }
  }

  private static void say(String who, String what) {
    System.out.printf("[%-7s] %s%n", who, what);
  }
}
