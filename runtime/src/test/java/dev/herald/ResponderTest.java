package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.herald.TestMessages.Event;
import dev.herald.bridge.Bridge;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Responders (what bridges to other processes build on) and errors reported from outside. */
class ResponderTest {
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

  @Test
  void aResponderSeesWhetherTheSenderWaitsAndItsRepliesAreCollected() {
    List<Class<?>> replyTypes = new ArrayList<>();
    Bridge bridge = Bridge.of(bus);
    bridge.respond(
        Event.class,
        (event, envelope) -> {
          replyTypes.add(bridge.replyType(envelope));
          return List.of("one " + event, 2, "three");
        });

    bus.post(new Event("posted"));
    List<String> replies = bus.request(new Event("asked"), String.class);

    assertEquals(java.util.Arrays.asList(null, String.class), replyTypes);
    assertEquals(List.of("one asked", "three"), replies);
  }

  @Test
  void aResponderIsHiddenSoWhatOnlyItReceivesIsStillDead() {
    List<Object> dead = new ArrayList<>();
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    List<Object> forwarded = new ArrayList<>();
    Bridge.of(bus)
        .respond(
            Event.class,
            (event, envelope) -> {
              forwarded.add(event);
              return List.of();
            });
    Event event = new Event("e");

    bus.post(event);

    assertEquals(List.of(event), forwarded);
    assertEquals(List.of(event), dead);
  }

  @Test
  void aResponderThatThrowsOrReturnsNullGoesToTheErrorHandler() {
    Bridge.of(bus).respond(Event.class, (event, envelope) -> null);

    assertEquals(List.of(), bus.request(new Event("e"), Object.class));
    assertInstanceOf(NullPointerException.class, errors.get(0));
  }

  @Test
  void reportErrorGivesAFailureFromOutsideAHandlerToTheErrorHandler() {
    IllegalStateException lost = new IllegalStateException("connection lost");
    Event event = new Event("e");

    Bridge.of(bus).reportError(lost, "a bridge", event);

    assertSame(lost, errors.get(0));
    assertSame(bus, contexts.get(0).bus());
    assertEquals("a bridge", contexts.get(0).handler());
    assertSame(event, contexts.get(0).message());
    assertNull(contexts.get(0).listener());
  }
}
