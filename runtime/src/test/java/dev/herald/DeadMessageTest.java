package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 8: what reaches no visible handler is re-posted as a DeadMessage. */
class DeadMessageTest {
  private final MessageBus bus = TestBuses.rethrowing();
  private final List<Object> dead = new ArrayList<>();
  private final List<Object> observed = new ArrayList<>();

  static final class Observer {
    final List<Object> observed;

    Observer(List<Object> observed) {
      this.observed = observed;
    }

    @Subscribe(hidden = true)
    void observe(Event event) {
      observed.add(event);
    }
  }

  static final class AttackHandler {
    @Subscribe
    void on(Attack attack) {}
  }

  @Test
  void messageWithNoHandlerIsRepostedAsDeadMessage() {
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    Event event = new Event("lonely");

    assertEquals(0, bus.post(event));

    assertEquals(List.of(event), dead);
  }

  @Test
  void messageReachingOnlyHiddenHandlersIsDeadToo() {
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    Observer observer = new Observer(observed);
    bus.register(observer);
    Event event = new Event("seen but not received");

    assertEquals(1, bus.post(event));

    assertEquals(List.of(event), observed);
    assertEquals(List.of(event), dead);
  }

  @Test
  void messageReachingAVisibleHandlerIsNotDead() {
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    AttackHandler handler = new AttackHandler();
    bus.register(handler);
    Observer observer = new Observer(observed);
    bus.register(observer);

    bus.post(new Attack("received"));

    assertTrue(dead.isEmpty());
    assertEquals(1, observed.size());
  }

  @Test
  void deadMessageThatNobodyReceivesIsDroppedWithoutRecursion() {
    assertEquals(0, bus.post(new Event("nobody listens")));
    assertEquals(0, bus.post(new DeadMessage("already dead")));
  }

  @Test
  void catchAllHandlersCountAsReceivers() {
    List<Object> all = new ArrayList<>();
    bus.subscribe(Object.class, all::add);
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    Event event = new Event("e");

    bus.post(event);

    assertSame(event, all.get(0));
    assertTrue(dead.isEmpty());
  }
}
