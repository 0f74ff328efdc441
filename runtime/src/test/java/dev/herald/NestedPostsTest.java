package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Nested posts: depth first by default, Guava's breadth-first order as a bus option. */
class NestedPostsTest {
  private final List<String> log = new ArrayList<>();

  final class Relay {
    MessageBus bus;
    int nestedPostReturned = -1;

    @Subscribe(priority = 2)
    void first(Event event) {
      log.add("first:" + event);
      nestedPostReturned = bus.post(new Ping(1));
    }

    @Subscribe(priority = 1)
    void second(Event event) {
      log.add("second:" + event);
    }

    @Subscribe
    void ping(Ping ping) {
      log.add("ping:" + ping.number);
      if (ping.number < 3) {
        bus.post(new Ping(ping.number + 1));
        log.add("after posting " + (ping.number + 1));
      }
    }
  }

  private Relay relayOn(MessageBus bus) {
    Relay relay = new Relay();
    relay.bus = bus;
    bus.register(relay);
    return relay;
  }

  @Test
  void depthFirstByDefault() {
    MessageBus bus = TestBuses.rethrowing();
    Relay relay = relayOn(bus);

    bus.post(new Event("e"));

    assertEquals(
        List.of(
            "first:e",
            "ping:1",
            "ping:2",
            "ping:3",
            "after posting 3",
            "after posting 2",
            "second:e"),
        log);
    assertEquals(1, relay.nestedPostReturned);
  }

  @Test
  void breadthFirstDeliversNestedPostsAfterTheCurrentMessageInPostOrder() {
    MessageBus bus = TestBuses.rethrowingBuilder().nestedPosts(NestedPosts.BREADTH_FIRST).build();
    Relay relay = relayOn(bus);

    assertEquals(2, bus.post(new Event("e")));

    assertEquals(
        List.of(
            "first:e",
            "second:e",
            "ping:1",
            "after posting 2",
            "ping:2",
            "after posting 3",
            "ping:3"),
        log);
    assertEquals(0, relay.nestedPostReturned, "a queued post has run no handler yet");
  }

  @Test
  void breadthFirstQueuesSendsWithAHeaderTooButNotRequests() {
    MessageBus bus = TestBuses.rethrowingBuilder().nestedPosts(NestedPosts.BREADTH_FIRST).build();
    List<Integer> answers = new ArrayList<>();
    bus.subscribe(
        Event.class,
        event -> {
          log.add("event");
          bus.post(new Ping(1), Header.BROADCAST);
          answers.add(bus.request(new Ping(2), Object.class).size());
          log.add("event done");
        });
    bus.subscribe(Ping.class, ping -> log.add("ping:" + ping.number));

    bus.post(new Event("e"));

    assertEquals(List.of("event", "ping:2", "event done", "ping:1"), log);
    assertEquals(List.of(0), answers);
  }
}
