package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rules 3 (same thread) and 6: changes during a dispatch, nested posts. */
class LiveMulticastTest {
  private final MessageBus bus = TestBuses.rethrowing();
  private final List<String> log = new ArrayList<>();

  static final class Relay {
    final MessageBus bus;
    final List<String> log;

    Relay(MessageBus bus, List<String> log) {
      this.bus = bus;
      this.log = log;
    }

    @Subscribe(priority = 1)
    void relay(Event event) {
      log.add("relay:" + event);
      if (event.name.length() < 3) {
        bus.post(new Event(event.name + "+"));
      }
      log.add("relay-done:" + event);
    }
  }

  @Test
  void handlerRemovedMidDispatchIsNotCalled() {
    EventRecorder killer = new EventRecorder(log, "killer");
    EventRecorder victim = new EventRecorder(log, "victim");
    bus.register(killer);
    bus.register(victim);
    killer.action = () -> bus.unregister(victim);

    int ran = bus.post(new Event("e"));

    assertEquals(1, ran);
    assertEquals(List.of("killer:e"), log);
  }

  @Test
  void handlerThatRemovesItselfMidDispatchFinishesAndIsNotCalledAgain() {
    EventRecorder self = new EventRecorder(log, "self");
    Registration registration = bus.register(self);
    self.action = registration::close;

    bus.post(new Event("1"));
    bus.post(new Event("2"));

    assertEquals(List.of("self:1"), log);
  }

  @Test
  void handlerAddedMidDispatchIsCalledForThatMessageAfterTheOthers() {
    EventRecorder adder = new EventRecorder(log, "adder");
    EventRecorder existing = new EventRecorder(log, "existing");
    EventRecorder added = new EventRecorder(log, "added");
    bus.register(adder);
    bus.register(existing);
    adder.action = () -> bus.register(added);

    int ran = bus.post(new Event("e"));

    assertEquals(3, ran);
    assertEquals(List.of("adder:e", "existing:e", "added:e"), log);
  }

  @Test
  void highPriorityHandlerAddedMidDispatchStillRunsAfterTheOthers() {
    EventRecorder adder = new EventRecorder(log, "adder");
    EventRecorder existing = new EventRecorder(log, "existing");
    Relay relayAddedLate = new Relay(bus, log);
    bus.register(adder);
    bus.register(existing);
    adder.action = () -> bus.register(relayAddedLate);

    bus.post(new Event("abc"));

    assertEquals(List.of("adder:abc", "existing:abc", "relay:abc", "relay-done:abc"), log);
  }

  @Test
  void subscriptionAddedMidDispatchIsCalledForThatMessage() {
    EventRecorder adder = new EventRecorder(log, "adder");
    bus.register(adder);
    adder.action = () -> bus.subscribe(Event.class, event -> log.add("lambda:" + event));

    bus.post(new Event("e"));

    assertEquals(List.of("adder:e", "lambda:e"), log);
  }

  @Test
  void nestedPostsAreDeliveredImmediatelyDepthFirst() {
    bus.register(new Relay(bus, log));
    bus.register(new EventRecorder(log, "named"));

    bus.post(new Event("a"));

    assertEquals(
        List.of(
            "relay:a",
            "relay:a+",
            "relay:a++",
            "relay-done:a++",
            "named:a++",
            "relay-done:a+",
            "named:a+",
            "relay-done:a",
            "named:a"),
        log);
  }
}
