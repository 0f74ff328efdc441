package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rule 5: failures never stop delivery to the others. */
class FailuresTest {
  private final List<String> log = new ArrayList<>();
  private final List<Throwable> errors = new ArrayList<>();
  private final List<ErrorContext> contexts = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder()
          .errorHandler(
              (error, context) -> {
                errors.add(error);
                contexts.add(context);
              })
          .build();

  static final class Thrower {
    Throwable toThrow;

    @Subscribe(priority = 1)
    void explode(Event event) throws Throwable {
      throw toThrow;
    }
  }

  @Test
  void throwingHandlerDoesNotStopDeliveryAndIsReportedWithContext() {
    Thrower thrower = new Thrower();
    thrower.toThrow = new IllegalStateException("boom");
    bus.register(thrower);
    bus.register(new EventRecorder(log, "survivor"));
    Event event = new Event("e");

    int ran = bus.post(event);

    assertEquals(2, ran);
    assertEquals(List.of("survivor:e"), log);
    assertEquals(1, errors.size());
    assertSame(thrower.toThrow, errors.get(0));
    ErrorContext context = contexts.get(0);
    assertSame(thrower, context.listener());
    assertSame(event, context.message());
    assertSame(bus, context.bus());
    assertEquals(
        Thrower.class.getName() + ".explode(" + Event.class.getName() + ")", context.handler());
  }

  @Test
  void checkedExceptionsAndErrorsAreReportedToo() {
    Thrower thrower = new Thrower();
    bus.register(thrower);
    bus.register(new EventRecorder(log, "survivor"));

    thrower.toThrow = new IOException("disk");
    bus.post(new Event("1"));
    thrower.toThrow = new AssertionError("assert");
    bus.post(new Event("2"));

    assertEquals(List.of("survivor:1", "survivor:2"), log);
    assertInstanceOf(IOException.class, errors.get(0));
    assertInstanceOf(AssertionError.class, errors.get(1));
  }

  @Test
  void virtualMachineErrorsPropagate() {
    Thrower thrower = new Thrower();
    thrower.toThrow = new OutOfMemoryError("simulated");
    bus.register(thrower);
    bus.register(new EventRecorder(log, "survivor"));

    assertThrows(OutOfMemoryError.class, () -> bus.post(new Event("e")));
    assertTrue(errors.isEmpty());
  }

  @Test
  void rethrowPolicyRethrowsUncheckedAsIsAndWrapsChecked() {
    MessageBus strict = TestBuses.rethrowing();
    Thrower thrower = new Thrower();
    strict.register(thrower);

    thrower.toThrow = new IllegalArgumentException("bad");
    assertSame(
        thrower.toThrow,
        assertThrows(IllegalArgumentException.class, () -> strict.post(new Event("1"))));

    thrower.toThrow = new IOException("disk");
    HandlerException wrapped =
        assertThrows(HandlerException.class, () -> strict.post(new Event("2")));
    assertSame(thrower.toThrow, wrapped.getCause());
    assertSame(thrower, wrapped.context().listener());
    assertTrue(wrapped.getMessage().contains("explode"), wrapped.getMessage());
  }

  @Test
  void busStillWorksAfterTheErrorHandlerThrew() {
    MessageBus strict = TestBuses.rethrowing();
    Thrower thrower = new Thrower();
    thrower.toThrow = new IllegalStateException("once");
    Registration throwing = strict.register(thrower);
    strict.register(new EventRecorder(log, "survivor"));

    assertThrows(IllegalStateException.class, () -> strict.post(new Event("1")));
    throwing.close();
    assertEquals(1, strict.post(new Event("2")));
    assertEquals(List.of("survivor:2"), log);
  }

  @Test
  void defaultErrorHandlerLogsAndDeliveryGoesOn() {
    MessageBus logging = MessageBus.create();
    Thrower thrower = new Thrower();
    thrower.toThrow = new IllegalStateException("expected in this test: logged, not thrown");
    logging.register(thrower);
    logging.register(new EventRecorder(log, "survivor"));

    assertEquals(2, logging.post(new Event("e")));
    assertEquals(List.of("survivor:e"), log);
  }

  @Test
  void postingNullThrowsAClearNullPointerException() {
    NullPointerException error = assertThrows(NullPointerException.class, () -> bus.post(null));
    assertTrue(error.getMessage().contains("Cannot post null"), error.getMessage());
  }
}
