package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rule 14: a message sent to an address costs in proportion to the handlers there
 * and the observers of all traffic, not to the handlers on the bus. Pinned by what the send walks,
 * not by timing it: {@code Router.deliver} looks at the handlers of the target's type index, then
 * at those of the observers of all traffic, and at no other list. These tests count the handlers in
 * those two lists as the bus fills with handlers elsewhere, and check that the send reaches exactly
 * them.
 */
class AddressedSendCostTest {
  private static final int ELSEWHERE = 10_000;

  static final class Counter {
    int received;

    @Subscribe
    void on(Event event) {
      received++;
    }
  }

  /** The handlers an addressed send of {@code message} to {@code target} looks at, counted. */
  private static int handlersLookedAt(MessageBus bus, Address target, Object message) {
    Registry registry = bus.registry;
    return registry.handlersFor(registry.indexAt(target), message.getClass()).size()
        + registry.handlersFor(registry.observersOfAll(), message.getClass()).size();
  }

  @Test
  void aSendToAnAddressLooksOnlyAtItsHandlersAndTheObserversOfAllTraffic() {
    MessageBus bus = MessageBus.create();
    Address entity = bus.createAddress();
    Counter atEntity = new Counter();
    Counter observer = new Counter();
    bus.registration().strongly().at(entity).register(atEntity);
    bus.registration().strongly().observingAll().register(observer);
    Event event = new Event("to the entity");

    int alone = handlersLookedAt(bus, entity, event);
    List<Counter> others = new ArrayList<>();
    for (int i = 0; i < ELSEWHERE; i++) {
      Counter other = new Counter();
      others.add(other);
      bus.registration().strongly().at(bus.createAddress()).register(other);
    }
    for (int i = 0; i < ELSEWHERE; i++) {
      bus.register(new Counter()); // broadcast handlers, each at an address of its own
    }
    int amongMany = handlersLookedAt(bus, entity, event);

    assertEquals(2, alone);
    assertEquals(alone, amongMany, "the handlers elsewhere are not in the lists the send walks");
    assertEquals(2, bus.post(event, Header.to(entity)));
    assertEquals(1, atEntity.received);
    assertEquals(1, observer.received);
    assertEquals(0, others.stream().mapToInt(other -> other.received).sum());
  }

  @Test
  void theHandlersLookedAtGrowWithTheHandlersAtTheAddressOnly() {
    MessageBus bus = MessageBus.create();
    Address entity = bus.createAddress();
    for (int i = 0; i < 3; i++) {
      bus.registration().strongly().at(entity).register(new Counter());
    }
    for (int i = 0; i < ELSEWHERE; i++) {
      bus.register(new Counter());
    }
    Event event = new Event("to three components");

    assertEquals(3, handlersLookedAt(bus, entity, event));
    assertEquals(3, bus.post(event, Header.to(entity)));

    bus.registration().strongly().at(entity).register(new Counter());
    assertEquals(4, handlersLookedAt(bus, entity, event));
    assertEquals(4, bus.post(event, Header.to(entity)));
  }
}
