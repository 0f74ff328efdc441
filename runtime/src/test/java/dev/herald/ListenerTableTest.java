package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The identity table behind rule 2: every registration stays findable whatever is removed. */
class ListenerTableTest {
  private final MessageBus bus = TestBuses.rethrowing();

  @Test
  void everyRemainingListenerIsFoundAfterRemovalsInAnyOrder() {
    Random random = new Random(12);
    ListenerTable table = new ListenerTable();
    List<Object> listeners = new ArrayList<>();
    List<RegistrationEntry> entries = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      Object listener = new EventRecorder(new ArrayList<>());
      RegistrationEntry entry = bus.register(listener).entry;
      listeners.add(listener);
      entries.add(entry);
      table.put(entry);
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, random);

    for (int removed = 0; removed < order.size(); removed++) {
      table.remove(entries.get(order.get(removed)));
      if (removed % 97 == 0) {
        for (int i = removed + 1; i < order.size(); i++) {
          int kept = order.get(i);
          assertSame(
              entries.get(kept),
              table.get(listeners.get(kept)),
              "lost after " + (removed + 1) + " removals");
        }
      }
    }

    assertEquals(0, table.size());
    assertNull(table.get(listeners.get(0)));
  }
}
