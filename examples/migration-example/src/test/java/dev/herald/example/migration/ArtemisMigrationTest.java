package dev.herald.example.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.artemis.BaseSystem;
import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import dev.herald.Envelope;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.Stage;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import net.mostlyoriginal.api.event.common.Cancellable;
import net.mostlyoriginal.api.event.common.Event;
import net.mostlyoriginal.api.event.common.EventSystem;
import net.mostlyoriginal.api.event.common.SubscribeAnnotationFinder;
import net.mostlyoriginal.api.event.dispatcher.PollingEventDispatcher;
import net.mostlyoriginal.api.event.dispatcher.PollingPooledEventDispatcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * docs/MIGRATING.md's section on artemis-odb's event bus ({@code contrib-eventbus}'s {@code
 * EventSystem}): each row of its table on Herald's side, and on artemis-odb's where the two differ.
 */
// its systems carry artemis-odb's @Subscribe on purpose, to run artemis-odb beside Herald
@SuppressWarnings("herald-foreign-subscribe")
class ArtemisMigrationTest {
  private static final List<String> log = new ArrayList<>();

  private final MessageBus bus =
      MessageBus.builder().errorHandler((error, context) -> log.add("reported " + error)).build();

  @AfterEach
  void stop() {
    bus.close();
    log.clear();
  }

  // ---- artemis-odb's side: events, and systems that subscribe with its annotation ----

  /**
   * What a peer event must be: a class implementing Event, with a public no-argument constructor.
   */
  public static class Hit implements Event {
    public int damage;
  }

  public interface Damage extends Event {}

  public static class Burn implements Damage {}

  public static class Followup implements Event {}

  public static class Shot implements Event, Cancellable {
    private boolean cancelled;

    @Override
    public boolean isCancelled() {
      return cancelled;
    }

    @Override
    public void setCancelled(boolean value) {
      cancelled = value;
    }
  }

  /** A system that handles what artemis-odb's EventSystem finds on it. */
  static class Sentry extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Hit hit) {
      log.add("sentry hit " + hit.damage);
    }

    @Override
    protected void processSystem() {}
  }

  /** Inherits Sentry's handler, and declares none of its own. */
  static class NightSentry extends Sentry {}

  static class DamageSystem extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Damage damage) {
      log.add("damage");
    }

    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Burn burn) {
      log.add("burn");
    }

    @Override
    protected void processSystem() {}
  }

  static class CatchAllSystem extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Event anything) {
      log.add("anything");
    }

    @Override
    protected void processSystem() {}
  }

  static class ShieldSystem extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe(priority = 10)
    void block(Shot shot) {
      log.add("shield");
      shot.setCancelled(true);
    }

    @net.mostlyoriginal.api.event.common.Subscribe(ignoreCancelledEvents = true)
    void wound(Shot shot) {
      log.add("wound");
    }

    @net.mostlyoriginal.api.event.common.Subscribe
    void sound(Shot shot) {
      log.add("sound");
    }

    @Override
    protected void processSystem() {}
  }

  static class BrokenSystem extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe(priority = 10)
    void broken(Hit hit) {
      throw new IllegalStateException("broken");
    }

    @net.mostlyoriginal.api.event.common.Subscribe
    void after(Hit hit) {
      log.add("after");
    }

    @Override
    protected void processSystem() {}
  }

  static class ChainSystem extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Hit hit) {
      log.add("hit");
      world.getSystem(EventSystem.class).dispatch(new Followup());
    }

    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Followup followup) {
      log.add("followup");
    }

    @Override
    protected void processSystem() {}
  }

  static class PooledHits extends BaseSystem {
    final List<Hit> seen = new ArrayList<>();

    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Hit hit) {
      seen.add(hit);
      log.add("hit " + hit.damage);
    }

    @Override
    protected void processSystem() {}
  }

  private static World world(EventSystem events, BaseSystem... systems) {
    return new World(new WorldConfigurationBuilder().with(events).with(systems).build());
  }

  // ---- Herald's side: plain messages, and listeners with Herald's annotation ----

  record Damaged(int points) {}

  interface Harm {}

  record Burned(int points) implements Harm {}

  record Shots(int count) {}

  /** A system of the same world, ported: Herald's annotation, registered on the bus. */
  static class HealthSystem extends BaseSystem {
    @Subscribe
    void on(Damaged damaged) {
      log.add("health " + damaged.points());
    }

    @Override
    protected void processSystem() {}
  }

  static class NightHealthSystem extends HealthSystem {}

  static final class Harmed {
    @Subscribe
    void on(Harm harm) {
      log.add("harm");
    }

    @Subscribe
    void onAnything(Object anything) {
      log.add("anything");
    }
  }

  static final class Shield {
    @Subscribe(priority = 10)
    void block(Shots shots, Envelope envelope) {
      log.add("shield");
      envelope.cancelDelivery();
    }

    @Subscribe
    void wound(Shots shots) {
      log.add("wound");
    }
  }

  static final class Ordered {
    @Subscribe
    void normal(Damaged damaged) {
      log.add("normal");
    }

    @Subscribe(priority = 10)
    void early(Damaged damaged) {
      log.add("early");
    }

    @Subscribe(priority = -10)
    void late(Damaged damaged) {
      log.add("late");
    }
  }

  static final class Broken {
    @Subscribe(priority = 10)
    void broken(Damaged damaged) {
      throw new IllegalStateException("broken");
    }

    @Subscribe
    void after(Damaged damaged) {
      log.add("after");
    }
  }

  static final class Chain {
    final MessageBus bus;
    final Header update;

    Chain(MessageBus bus, Header update) {
      this.bus = bus;
      this.update = update;
    }

    @Subscribe
    void on(Damaged damaged) {
      log.add("damaged");
      bus.post(new Burned(1), update);
    }

    @Subscribe
    void on(Burned burned) {
      log.add("burned");
    }
  }

  /** A mutable message, to show when the bus is done with one. */
  static final class Counter {
    int value;
  }

  static final class CounterReader {
    @Subscribe
    void on(Counter counter) {
      log.add("counter " + counter.value);
    }
  }

  /** A system left with artemis-odb's annotation alone: a port that missed it. */
  static class ForgottenSystem extends BaseSystem {
    @net.mostlyoriginal.api.event.common.Subscribe
    void on(Hit hit) {}

    @Override
    protected void processSystem() {}
  }

  // ---- the rows ----

  @Test
  void aSystemOfTheWorldRegistersOnTheBusAndReceivesWhatIsPosted() {
    HealthSystem health = new HealthSystem();
    World world = world(new EventSystem(), health);
    bus.register(health);

    bus.post(new Damaged(3));
    world.process();

    assertEquals(List.of("health 3"), log);
  }

  @Test
  void artemisFindsOnlyTheHandlersDeclaredOnTheSystemsOwnClass() {
    EventSystem events = new EventSystem();
    world(events, new Sentry(), new NightSentry());

    Hit hit = new Hit();
    hit.damage = 2;
    events.dispatch(hit);

    assertEquals(
        List.of("sentry hit 2"), log, "NightSentry inherits the handler, but is not called");
  }

  @Test
  void inheritedHandlersAreRegisteredWithTheSubclass() {
    bus.register(new NightHealthSystem());

    bus.post(new Damaged(4));

    assertEquals(List.of("health 4"), log);
  }

  @Test
  void artemisDefaultDispatcherIgnoresHandlersOfAnInterfaceTheEventImplements() {
    EventSystem events = new EventSystem();
    world(events, new DamageSystem());

    events.dispatch(new Burn());

    assertEquals(List.of("burn"), log, "FastEventDispatcher walks superclasses, not interfaces");
  }

  @Test
  void artemisRefusesAHandlerOfEventItself() {
    RuntimeException refused =
        assertThrows(RuntimeException.class, () -> world(new EventSystem(), new CatchAllSystem()));

    assertTrue(causes(refused).contains("Parameter class cannot be Event, must be subclass."));
  }

  private static List<String> causes(Throwable thrown) {
    List<String> messages = new ArrayList<>();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      messages.add(t.getMessage());
    }
    return messages;
  }

  @Test
  void anyClassIsAMessageAndHandlersOfItsInterfacesAndObjectReceiveIt() {
    bus.register(new Harmed());

    bus.post(new Burned(1));

    assertEquals(2, log.size());
    assertTrue(log.containsAll(List.of("harm", "anything")));
  }

  @Test
  void higherPriorityRunsFirstAsInArtemis() {
    bus.register(new Ordered());

    bus.post(new Damaged(1));

    assertEquals(List.of("early", "normal", "late"), log);
  }

  @Test
  void artemisStillDeliversACancelledEventToHandlersThatDoNotIgnoreCancelledEvents() {
    EventSystem events = new EventSystem();
    world(events, new ShieldSystem());

    events.dispatch(new Shot());

    assertEquals(List.of("shield", "sound"), log);
  }

  @Test
  void cancelDeliveryStopsEveryHandlerAfterIt() {
    bus.register(new Shield());

    bus.post(new Shots(1));

    assertEquals(List.of("shield"), log);
  }

  @Test
  void artemisStopsTheDispatchAtAFailingHandlerAndThrowsToTheDispatcher() {
    EventSystem events = new EventSystem();
    world(events, new BrokenSystem());

    RuntimeException thrown =
        assertThrows(RuntimeException.class, () -> events.dispatch(new Hit()));

    assertEquals("Could not call event.", thrown.getMessage());
    assertEquals(List.of(), log, "the handler after it did not run");
  }

  @Test
  void aFailingHandlerIsReportedAndTheOthersStillRun() {
    bus.register(new Broken());

    bus.post(new Damaged(1));

    assertEquals(2, log.size());
    assertTrue(log.get(0).startsWith("reported "), log.get(0));
    assertEquals("after", log.get(1));
  }

  @Test
  void artemisPollingDispatcherDeliversEventsDispatchedDuringProcessInTheSameProcess() {
    EventSystem events =
        new EventSystem(new PollingEventDispatcher(), new SubscribeAnnotationFinder());
    World world = world(events, new ChainSystem());

    events.dispatch(new Hit());
    assertEquals(List.of(), log, "queued until the world processes");

    world.process();
    assertEquals(List.of("hit", "followup"), log);
  }

  @Test
  void aStagedMessageWaitsForItsStageAndOnePostedDuringTheRunWaitsForTheNext() {
    Header update = Header.builder().stage(Stage.UPDATE).build();
    bus.register(new Chain(bus, update));

    bus.post(new Damaged(1), update);
    assertEquals(List.of(), log, "queued until the stage runs");

    bus.runStage(Stage.UPDATE);
    assertEquals(List.of("damaged"), log);
    bus.runStage(Stage.UPDATE);
    assertEquals(List.of("damaged", "burned"), log);
  }

  @Test
  void artemisPooledDispatcherHandsTheSameEventObjectOutAgainAfterProcess() {
    EventSystem events =
        new EventSystem(new PollingPooledEventDispatcher(), new SubscribeAnnotationFinder());
    PooledHits hits = new PooledHits();
    World world = world(events, hits);

    events.dispatch(Hit.class).damage = 1;
    world.process();
    Hit second = events.dispatch(Hit.class);
    second.damage = 2;
    world.process();

    assertEquals(List.of("hit 1", "hit 2"), log);
    assertSame(hits.seen.get(0), hits.seen.get(1), "one object, freed and obtained again");
  }

  @Test
  void aPlainPostIsDoneWithItsMessageWhenItReturnsAStagedOneIsNot() {
    bus.register(new CounterReader());
    Counter counter = new Counter();

    counter.value = 1;
    bus.post(counter);
    counter.value = 2;
    bus.post(counter, Header.builder().stage(Stage.UPDATE).build());
    counter.value = 3; // changed while the bus holds it
    bus.runStage(Stage.UPDATE);

    assertEquals(List.of("counter 1", "counter 3"), log);
  }

  @Test
  void aSystemLeavesTheBusByClosingItsRegistration() {
    Registration health = bus.register(new HealthSystem());
    bus.post(new Damaged(1));

    health.close();
    bus.post(new Damaged(2));

    assertEquals(List.of("health 1"), log);
  }

  @Test
  void aSystemLeftWithArtemisSubscribeAloneIsRefusedByName() {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> bus.register(new ForgottenSystem()));

    assertTrue(refused.getMessage().contains("artemis-odb"), refused.getMessage());
  }
}
