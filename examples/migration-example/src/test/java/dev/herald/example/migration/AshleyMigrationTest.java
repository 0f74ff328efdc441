package dev.herald.example.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.badlogic.ashley.signals.Listener;
import dev.herald.Address;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Signal;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * docs/MIGRATING.md's section on Ashley's {@code Signal} and {@code Listener}: each row of its
 * table on Herald's {@link Signal}, and the same case on Ashley's where the two differ.
 */
class AshleyMigrationTest {
  private final List<String> calls = new ArrayList<>();

  /** Ashley's listener, recording its calls and running an action in each. */
  private Listener<Integer> ashleyListener(String name, Runnable action) {
    return (signal, value) -> {
      calls.add(name + " " + value);
      action.run();
    };
  }

  private Consumer<Integer> heraldHandler(String name, Runnable action) {
    return value -> {
      calls.add(name + " " + value);
      action.run();
    };
  }

  @Test
  void emitCallsTheHandlersInTheOrderAddedAndReturnsHowManyRan() {
    Signal<Integer> health = new Signal<>();
    health.add(heraldHandler("bar", () -> {}));
    health.add(heraldHandler("sound", () -> {}));

    assertEquals(2, health.emit(75));
    assertEquals(List.of("bar 75", "sound 75"), calls);
  }

  @Test
  void ashleyAppliesARemovalDuringADispatchOnlyFromTheNextDispatch() {
    com.badlogic.ashley.signals.Signal<Integer> health = new com.badlogic.ashley.signals.Signal<>();
    Listener<Integer> sound = ashleyListener("sound", () -> {});
    health.add(ashleyListener("bar", () -> health.remove(sound)));
    health.add(sound);

    health.dispatch(75);
    health.dispatch(50);

    assertEquals(List.of("bar 75", "sound 75", "bar 50"), calls, "dispatch runs on a snapshot");
  }

  @Test
  void aHandlerRemovedDuringAnEmitIsNotCalledFromThenOn() {
    Signal<Integer> health = new Signal<>();
    Consumer<Integer> sound = heraldHandler("sound", () -> {});
    health.add(heraldHandler("bar", () -> health.remove(sound)));
    health.add(sound);

    health.emit(75);
    health.emit(50);

    assertEquals(
        List.of("bar 75", "bar 50"), calls, "removed at once, even for the value under way");
  }

  @Test
  void ashleyCallsAListenerAddedDuringADispatchFromTheNextDispatch() {
    com.badlogic.ashley.signals.Signal<Integer> health = new com.badlogic.ashley.signals.Signal<>();
    Listener<Integer> late = ashleyListener("late", () -> {});
    boolean[] added = {false};
    health.add(
        ashleyListener(
            "bar",
            () -> {
              if (!added[0]) {
                added[0] = true;
                health.add(late);
              }
            }));

    health.dispatch(75);
    health.dispatch(50);

    assertEquals(List.of("bar 75", "bar 50", "late 50"), calls);
  }

  @Test
  void aHandlerAddedDuringAnEmitIsCalledInThatEmitAfterTheOthers() {
    Signal<Integer> health = new Signal<>();
    Consumer<Integer> late = heraldHandler("late", () -> {});
    health.add(heraldHandler("bar", () -> health.add(late)));
    health.add(heraldHandler("sound", () -> {}));

    health.emit(75);

    assertEquals(List.of("bar 75", "sound 75", "late 75"), calls);
  }

  @Test
  void ashleyAddsTheSameListenerTwiceAndCallsItTwice() {
    com.badlogic.ashley.signals.Signal<Integer> health = new com.badlogic.ashley.signals.Signal<>();
    Listener<Integer> bar = ashleyListener("bar", () -> {});
    health.add(bar);
    health.add(bar);

    health.dispatch(75);

    assertEquals(List.of("bar 75", "bar 75"), calls);
  }

  @Test
  void addingAHandlerAlreadyPresentReturnsFalseAndItRunsOnce() {
    Signal<Integer> health = new Signal<>();
    Consumer<Integer> bar = heraldHandler("bar", () -> {});
    assertTrue(health.add(bar));
    assertFalse(health.add(bar));

    health.emit(75);

    assertEquals(List.of("bar 75"), calls);
  }

  @Test
  void clearRemovesEveryHandlerAndStopsTheEmitInProgress() {
    Signal<Integer> health = new Signal<>();
    health.add(heraldHandler("bar", health::clear));
    health.add(heraldHandler("sound", () -> {}));

    health.emit(75);
    health.emit(50);

    assertEquals(List.of("bar 75"), calls);
    assertTrue(health.isEmpty());
  }

  @Test
  void anExceptionLeavesTheEmitAndTheHandlersAfterItDoNotRunAsInAshley() {
    com.badlogic.ashley.signals.Signal<Integer> ashley = new com.badlogic.ashley.signals.Signal<>();
    ashley.add(ashleyListener("ashley bar", () -> fail()));
    ashley.add(ashleyListener("ashley sound", () -> {}));
    Signal<Integer> herald = new Signal<>();
    herald.add(heraldHandler("herald bar", () -> fail()));
    herald.add(heraldHandler("herald sound", () -> {}));

    assertThrows(IllegalStateException.class, () -> ashley.dispatch(75));
    assertThrows(IllegalStateException.class, () -> herald.emit(75));

    assertEquals(List.of("ashley bar 75", "herald bar 75"), calls);
  }

  private static void fail() {
    throw new IllegalStateException("a broken health bar");
  }

  record HealthChanged(int health) {}

  /** One component of an entity: what Ashley wires to one signal per entity. */
  static final class HealthBar {
    final String entity;
    final List<String> shown;

    HealthBar(String entity, List<String> shown) {
      this.entity = entity;
      this.shown = shown;
    }

    @Subscribe
    void on(HealthChanged changed) {
      shown.add(entity + " " + changed.health());
    }
  }

  @Test
  void oneBusWithAnAddressPerEntityReplacesASignalPerEntity() {
    try (MessageBus bus = MessageBus.create()) {
      Address tank = bus.createAddress();
      Address jeep = bus.createAddress();
      bus.register(new HealthBar("tank", calls), tank);
      bus.register(new HealthBar("jeep", calls), jeep);

      bus.post(new HealthChanged(40), Header.to(tank));

      assertEquals(List.of("tank 40"), calls);
    }
  }
}
