package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** greenrobot's cancelEventDelivery: a handler of higher priority stops the rest. */
class CancelDeliveryTest {
  private final List<String> log = new ArrayList<>();
  private final ManualExecutor executor = new ManualExecutor();
  private final List<Throwable> errors = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder().executor(executor).errorHandler((e, context) -> errors.add(e)).build();

  final class Guard {
    @Subscribe(priority = 10)
    void consume(Event event, Envelope envelope) {
      log.add("guard");
      if (event.toString().startsWith("secret")) {
        envelope.cancelDelivery();
      }
    }
  }

  final class Later {
    @Subscribe
    void on(Event event) {
      log.add("later");
    }

    @Subscribe(async = true)
    void inBackground(Event event) {
      log.add("async");
    }
  }

  final class TriesFromBackground {
    @Subscribe(async = true)
    void on(Event event, Envelope envelope) {
      envelope.cancelDelivery();
    }
  }

  @Test
  void higherPriorityHandlerStopsTheRestIncludingAsynchronousOnes() {
    bus.register(new Guard());
    bus.register(new Later());

    assertEquals(1, bus.post(new Event("secret plan")));
    executor.runAll();
    assertEquals(List.of("guard"), log);

    log.clear();
    assertEquals(3, bus.post(new Event("weather")));
    executor.runAll();
    assertEquals(List.of("guard", "later", "async"), log);
  }

  @Test
  void cancelledAddressedSendReachesNeitherTheRestAtTheAddressNorObservers() {
    Address tank = bus.createAddress();
    bus.register(new Guard(), tank);
    bus.register(new Later(), tank);
    bus.registration().observingAll().subscribe(Event.class, event -> log.add("observer"));

    assertEquals(1, bus.post(new Event("secret"), Header.to(tank)));
    executor.runAll();
    assertEquals(List.of("guard"), log);
  }

  @Test
  void asynchronousHandlerCannotCancel() {
    bus.register(new TriesFromBackground());
    bus.post(new Event("e"));
    executor.runAll();

    assertEquals(1, errors.size());
    assertInstanceOf(IllegalStateException.class, errors.get(0));
    assertTrue(errors.get(0).getMessage().contains("only a handler called on the sending thread"));
  }
}
