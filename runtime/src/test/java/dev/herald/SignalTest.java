package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 19: a signal is live multicast on its own. */
class SignalTest {
  private final Signal<String> signal = new Signal<>();
  private final List<String> calls = new ArrayList<>();

  private Consumer<String> recorder(String name) {
    return value -> calls.add(name + ":" + value);
  }

  @Test
  void emitCallsHandlersInTheOrderAdded() {
    signal.add(recorder("a"));
    signal.add(recorder("b"));
    signal.add(recorder("c"));

    assertEquals(3, signal.emit("x"));
    assertEquals(List.of("a:x", "b:x", "c:x"), calls);
  }

  @Test
  void addingAHandlerAlreadyPresentReturnsFalseAndKeepsOneCopy() {
    Consumer<String> a = recorder("a");

    assertTrue(signal.add(a));
    assertFalse(signal.add(a));
    signal.emit("x");

    assertEquals(List.of("a:x"), calls);
    assertEquals(1, signal.size());
  }

  @Test
  void removingAnAbsentHandlerReturnsFalse() {
    Consumer<String> a = recorder("a");
    assertFalse(signal.remove(a));
    signal.add(a);
    assertTrue(signal.remove(a));
    assertFalse(signal.remove(a));
    assertTrue(signal.isEmpty());
  }

  @Test
  void handlerAddedDuringEmitRunsInThatEmitAfterTheOthers() {
    Consumer<String> late = recorder("late");
    signal.add(
        value -> {
          calls.add("first:" + value);
          signal.add(late);
        });
    signal.add(recorder("second"));

    assertEquals(3, signal.emit("x"));
    assertEquals(List.of("first:x", "second:x", "late:x"), calls);
  }

  @Test
  void handlerRemovedDuringEmitDoesNotRun() {
    Consumer<String> victim = recorder("victim");
    signal.add(
        value -> {
          calls.add("killer:" + value);
          signal.remove(victim);
        });
    signal.add(victim);

    assertEquals(1, signal.emit("x"));
    assertEquals(List.of("killer:x"), calls);
  }

  @Test
  void clearStopsTheEmitInProgress() {
    signal.add(recorder("a"));
    signal.add(
        value -> {
          calls.add("clearer:" + value);
          signal.clear();
        });
    signal.add(recorder("c"));

    assertEquals(2, signal.emit("x"));
    assertEquals(List.of("a:x", "clearer:x"), calls);
    assertEquals(0, signal.emit("y"));
  }

  @Test
  void handlerAddedAfterClearDuringEmitStillRuns() {
    signal.add(
        value -> {
          signal.clear();
          signal.add(recorder("fresh"));
        });

    signal.emit("x");
    assertEquals(List.of("fresh:x"), calls);
  }

  @Test
  void handlerThatAddsAnotherEveryTimeDoesNotLoopForever() {
    signal.add(
        new Consumer<String>() {
          @Override
          public void accept(String value) {
            calls.add("adder:" + value);
            signal.add(recorder("added" + calls.size()));
          }
        });

    assertEquals(2, signal.emit("x"));
    assertEquals(List.of("adder:x", "added1:x"), calls);
  }

  @Test
  void exceptionFromAHandlerPropagatesAndStopsTheEmit() {
    signal.add(
        value -> {
          throw new IllegalStateException("boom");
        });
    signal.add(recorder("after"));

    assertThrows(IllegalStateException.class, () -> signal.emit("x"));
    assertTrue(calls.isEmpty());
  }

  @Test
  void nullHandlerIsRejected() {
    assertThrows(NullPointerException.class, () -> signal.add(null));
    assertThrows(NullPointerException.class, () -> signal.remove(null));
  }
}
