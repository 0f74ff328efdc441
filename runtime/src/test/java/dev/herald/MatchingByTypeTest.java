package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Alert;
import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.NavalAttack;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 1: matching by type, order by priority then registration. */
class MatchingByTypeTest {
  private final MessageBus bus = TestBuses.rethrowing();
  private final List<String> log = new ArrayList<>();

  static final class Watcher {
    final List<String> log;

    Watcher(List<String> log) {
      this.log = log;
    }

    @Subscribe
    void onEvent(Event event) {
      log.add("event:" + event);
    }

    @Subscribe
    void onAlert(Alert alert) {
      log.add("alert:" + alert);
    }

    @Subscribe
    void onAttack(Attack attack) {
      log.add("attack:" + attack);
    }

    @Subscribe
    void onAnything(Object anything) {
      log.add("object:" + anything);
    }
  }

  static final class Prioritized {
    final List<String> log;
    final String name;

    Prioritized(List<String> log, String name) {
      this.log = log;
      this.name = name;
    }

    @Subscribe(priority = -5)
    void late(Event event) {
      log.add(name + ":late");
    }

    @Subscribe
    void normal(Event event) {
      log.add(name + ":normal");
    }

    @Subscribe(priority = 10)
    void early(Event event) {
      log.add(name + ":early");
    }
  }

  @Test
  void messageReachesHandlersOfItsClassSuperclassesInterfacesAndObject() {
    Watcher watcher = new Watcher(log);
    bus.register(watcher);

    int ran = bus.post(new NavalAttack("Pearl"));

    assertEquals(4, ran);
    // equal priorities: the order the handlers are declared in, which is registration order
    assertEquals(List.of("event:Pearl", "alert:Pearl", "attack:Pearl", "object:Pearl"), log);
  }

  @Test
  void handlersOfUnrelatedTypesDoNotRun() {
    Watcher watcher = new Watcher(log);
    bus.register(watcher);

    assertEquals(2, bus.post(new Event("quiet")));
    assertEquals(List.of("event:quiet", "object:quiet"), log);
    assertEquals(1, bus.post("text"));
    assertEquals(1, bus.post(42));
  }

  @Test
  void higherPriorityRunsFirstThenRegistrationOrder() {
    Prioritized first = new Prioritized(log, "first");
    Prioritized second = new Prioritized(log, "second");
    bus.register(first);
    bus.register(second);

    bus.post(new Event("e"));

    assertEquals(
        List.of(
            "first:early",
            "second:early",
            "first:normal",
            "second:normal",
            "first:late",
            "second:late"),
        log);
  }

  @Test
  void orderHoldsForAMessageClassFirstPostedAfterRegistration() {
    Prioritized first = new Prioritized(log, "first");
    bus.register(first);
    bus.post(new Attack("warm-up"));
    Prioritized second = new Prioritized(log, "second");
    bus.register(second);
    log.clear();

    bus.post(new NavalAttack("n"));
    bus.post(new Attack("a"));

    List<String> expected =
        List.of(
            "first:early",
            "second:early",
            "first:normal",
            "second:normal",
            "first:late",
            "second:late");
    assertEquals(expected, log.subList(0, 6));
    assertEquals(expected, log.subList(6, 12));
  }

  @Test
  void subscribeReceivesTheTypeAndItsSubtypes() {
    List<Attack> received = new ArrayList<>();
    bus.subscribe(Attack.class, received::add);

    bus.post(new Event("not an attack"));
    NavalAttack naval = new NavalAttack("naval");
    bus.post(naval);

    assertEquals(List.of(naval), received);
  }
}
