package dev.herald.sample;

import dev.herald.Address;
import dev.herald.Envelope;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.annotation.Subscribe;
import java.util.List;

/**
 * Routing: a tank entity whose components share one address, a world found by name, a pilot who
 * reminds himself, a radio call everyone but the caller hears, a hidden AI log, and a message that
 * required a receiver and found none: headquarters listens for it, but never bound its name.
 */
final class TankBattle {
  record Damage(int amount) {}

  record Destroyed(Address who) {}

  record Retreat(String reason) {}

  record RadioCall(String text) {}

  record Reminder(String text) {}

  record HeadCount() {}

  record Reinforcements(int tanks) {}

  private static final Header AI = Header.builder().tags("AI").build();

  /** The tank's health: when it reaches zero, tells the world, found by its name. */
  static final class Health {
    private int points = 100;
    Registration self;

    @Subscribe
    void onDamage(Damage damage) {
      points -= damage.amount();
      DemoGame.say("  tank health: %d", points);
      if (points <= 0) {
        self.send(Address.named("world"), new Destroyed(self.address()));
      } else if (points < 50) {
        self.send(new Retreat("health " + points), AI.toBuilder().to(Address.SELF).build());
      }
    }
  }

  static final class TankAi {
    @Subscribe
    void onRetreat(Retreat retreat) {
      DemoGame.say("  tank AI: retreating (%s)", retreat.reason());
    }
  }

  static final class Renderer {
    @Subscribe
    void onDamage(Damage damage) {
      DemoGame.say("  renderer: sparks for %d damage", damage.amount());
    }
  }

  /** The one world, bound to the name "world". */
  static final class World {
    private int entities = 1;

    @Subscribe
    void onDestroyed(Destroyed destroyed) {
      entities--;
      DemoGame.say("  world: removes %s, %d entities left", destroyed.who(), entities);
    }

    @Subscribe
    Integer count(HeadCount question) {
      return entities;
    }
  }

  static final class Wingman {
    final String name;
    Registration self;

    Wingman(String name) {
      this.name = name;
    }

    @Subscribe
    void onRadio(RadioCall call, Envelope envelope) {
      DemoGame.say("  %s hears on the radio: \"%s\"", name, call.text());
    }

    @Subscribe
    void onReminder(Reminder reminder) {
      DemoGame.say("  %s reminds himself: %s", name, reminder.text());
    }
  }

  /** Sees everything tagged "AI", wherever it is sent; hidden, so it never counts as a receiver. */
  static final class AiDebugLog {
    @Subscribe(hidden = true, tags = "AI")
    void log(Object message, Envelope envelope) {
      DemoGame.say("  [AI log] %s to %s", message, envelope.to());
    }
  }

  /** Would send reinforcements, if anyone could reach it: it never binds the name "hq". */
  static final class Headquarters {
    @Subscribe
    void onReinforcements(Reinforcements request) {
      DemoGame.say("  headquarters: sending %d tanks", request.tanks());
    }
  }

  private TankBattle() {}

  static void run(boolean describe) {
    MessageBus bus =
        MessageBus.builder()
            .errorHandler((error, context) -> DemoGame.say("  report: %s", error.getMessage()))
            .build();

    Address tank = bus.createAddress();
    Health health = new Health();
    health.self = bus.registration().strongly().at(tank).register(health);
    bus.registration().strongly().at(tank).register(new TankAi());
    bus.registration().strongly().at(tank).register(new Renderer());
    bus.register(new World()).bind("world");
    bus.registration().strongly().observingAll().register(new AiDebugLog());
    bus.register(new Headquarters());
    if (describe) {
      DemoGame.say("-- what the bus holds (MessageBus.describe()) --");
      System.out.print(bus.describe());
    }

    DemoGame.say(
        "an enemy shell hits the tank (sent to its address: all three components hear it)");
    bus.post(new Damage(60), Header.to(tank));
    DemoGame.say("another one");
    bus.post(new Damage(60), Header.to(tank));
    DemoGame.say("the world counts entities: %s", bus.request(new HeadCount(), Integer.class));

    List<Wingman> wingmen =
        List.of(new Wingman("Viper"), new Wingman("Jester"), new Wingman("Stinger"));
    for (Wingman wingman : wingmen) {
      wingman.self = bus.register(wingman);
    }
    DemoGame.say("Viper radios everyone but himself");
    wingmen
        .get(0)
        .self
        .send(new RadioCall("Tank down, heading home"), Header.to(Address.BROADCAST_NOT_ME));
    DemoGame.say("Jester sends a note to himself");
    wingmen.get(1).self.send(Address.SELF, new Reminder("refuel before the next sortie"));

    DemoGame.say("someone calls for reinforcements from \"hq\", a name headquarters never bound");
    bus.post(
        new Reinforcements(3), Header.builder().to(Address.named("hq")).requireReceiver().build());
    if (describe) {
      DemoGame.say("-- %s", bus.statistics());
    }
  }
}
