package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.bridge.Bridge;
import dev.herald.bridge.Forwarder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rule 13: a {@link Forwarder} is a hidden handler without an envelope that tells
 * requests from the rest; rule 8: what only hidden handlers receive is dead, on the direct path of
 * a plain post too.
 */
class ForwarderTest {
  private final List<Throwable> errors = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();
  private final List<Object> dead = new ArrayList<>();
  private final List<String> log = new ArrayList<>();

  @BeforeEach
  void collectDeadMessages() {
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
  }

  /** Logs what it forwards and answers requests with {@code replies}. */
  private class Logging implements Forwarder<Event> {
    private final List<?> replies;

    Logging(List<?> replies) {
      this.replies = replies;
    }

    @Override
    public void forward(Event event) {
      log.add("forward:" + event);
    }

    @Override
    public List<?> forwardRequest(Event event) {
      log.add("request:" + event);
      return replies;
    }
  }

  @Test
  void postsAndSendsAreForwardedAndRequestsAnsweredWithTheirReplies() {
    Bridge.of(bus).forward(Event.class, new Logging(List.of("one", 2, "three")));
    Registration sender = bus.registration().subscribe(String.class, s -> {});

    assertEquals(1, bus.post(new Event("posted")));
    sender.send(new Event("sent"));
    List<String> replies = bus.request(new Event("asked"), String.class);

    assertEquals(List.of("forward:posted", "forward:sent", "request:asked"), log);
    assertEquals(List.of("one", "three"), replies);
  }

  @Test
  void aForwarderIsHiddenSoWhatOnlyItReceivesIsDeadAndFailsARequiredReceiver() {
    Bridge.of(bus).forward(Event.class, new Logging(List.of()));
    Event posted = new Event("posted");
    Event required = new Event("required");

    bus.post(posted);
    bus.post(required, Header.builder().requireReceiver().build());

    assertEquals(List.of("forward:posted", "forward:required"), log);
    assertEquals(List.of(posted, required), dead);
    assertEquals(1, errors.size());
    assertInstanceOf(UndeliveredMessageException.class, errors.get(0));
  }

  @Test
  void withAVisibleHandlerBesideItAPostIsReceived() {
    Bridge.of(bus).forward(Event.class, new Logging(List.of()));
    bus.subscribe(Event.class, event -> log.add("handler:" + event));

    assertEquals(2, bus.post(new Event("e")));

    assertEquals(List.of("forward:e", "handler:e"), log);
    assertTrue(dead.isEmpty());
  }

  @Test
  void aFailingForwarderGoesToTheErrorHandlerAndTheMessageIsStillDead() {
    IllegalStateException broken = new IllegalStateException("link down");
    Bridge.of(bus)
        .forward(
            Event.class,
            new Forwarder<Event>() {
              @Override
              public void forward(Event event) {
                throw broken;
              }

              @Override
              public List<?> forwardRequest(Event event) {
                return null;
              }
            });
    Event event = new Event("e");
    Event asked = new Event("asked");

    assertEquals(1, bus.post(event));
    assertEquals(List.of(), bus.request(asked, Object.class));

    assertEquals(List.of(event, asked), dead);
    assertEquals(broken, errors.get(0));
    assertInstanceOf(NullPointerException.class, errors.get(1));
  }

  @Test
  void aVisibleHandlerClosedByAForwarderDuringThePostLeavesItDead() {
    Registration[] visible = new Registration[1];
    Bridge.of(bus)
        .forward(
            Event.class,
            new Logging(List.of()) {
              @Override
              public void forward(Event event) {
                super.forward(event);
                visible[0].close();
              }
            });
    visible[0] = bus.subscribe(Event.class, event -> log.add("handler:" + event));
    Event event = new Event("e");

    assertEquals(1, bus.post(event));

    assertEquals(List.of("forward:e"), log);
    assertEquals(List.of(event), dead);
  }

  @Test
  void aVisibleHandlerThatThrowsAfterAForwarderStillReceived() {
    Bridge.of(bus).forward(Event.class, new Logging(List.of()));
    bus.subscribe(
        Event.class,
        event -> {
          throw new IllegalArgumentException("bad " + event);
        });

    assertEquals(2, bus.post(new Event("e")));

    assertEquals(List.of("forward:e"), log);
    assertTrue(dead.isEmpty(), "the visible handler ran, though it threw");
    assertInstanceOf(IllegalArgumentException.class, errors.get(0));
  }

  @Test
  void aHandlerAddedByAForwarderDuringThePostReceivesIt() {
    Bridge.of(bus)
        .forward(
            Event.class,
            new Logging(List.of()) {
              @Override
              public void forward(Event event) {
                super.forward(event);
                bus.subscribe(Event.class, added -> log.add("added:" + added));
              }
            });

    assertEquals(2, bus.post(new Event("e")));

    assertEquals(List.of("forward:e", "added:e"), log);
    assertTrue(dead.isEmpty());
  }

  @Test
  void aClosedForwarderIsNotCalled() {
    Registration forwarding = Bridge.of(bus).forward(Event.class, new Logging(List.of()));
    bus.post(new Event("before"));

    forwarding.close();
    assertEquals(0, bus.post(new Event("after")));

    assertEquals(List.of("forward:before"), log);
  }

  @Test
  void aForwarderOnALaneIsRefusedWithTheReason() {
    MessageBus withLane = MessageBus.builder().lane("io", Runnable::run).build();

    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Bridge.of(withLane)
                    .forward(
                        withLane.registration().onLane("io"), Event.class, new Logging(List.of())));

    assertTrue(refused.getMessage().contains("sending thread"), refused.getMessage());
  }

  @Test
  void aForwarderRegisteredWithOptionsGetsThem() {
    Address tank = bus.createAddress();
    Bridge.of(bus).forward(bus.registration().at(tank), Event.class, new Logging(List.of()));

    bus.post(new Event("elsewhere"), Header.to(bus.createAddress()));
    bus.post(new Event("to the tank"), Header.to(tank));

    assertEquals(List.of("forward:to the tank"), log);
  }

  @Test
  void optionsOfAnotherBusAreRefused() {
    MessageBus other = MessageBus.create();

    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Bridge.of(bus).forward(other.registration(), Event.class, new Logging(List.of())));

    assertTrue(refused.getMessage().contains("another bus"), refused.getMessage());
  }
}
