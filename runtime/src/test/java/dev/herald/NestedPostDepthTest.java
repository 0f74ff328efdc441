package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A chain of handlers that each post the next message, with no end: it stops with Herald's own
 * exception naming the message types in the chain, not a bare StackOverflowError, and the bus goes
 * on working.
 */
class NestedPostDepthTest {
  /** A small stack, so that the chain overflows quickly whatever the JVM's default. */
  private static final long STACK_BYTES = 512 * 1024;

  static final class Pong {
    final int number;

    Pong(int number) {
      this.number = number;
    }
  }

  /** Answers every Ping with a Pong and every Pong with a Ping, for ever. */
  static final class Rally {
    final MessageBus bus;
    final Header header;

    Rally(MessageBus bus, Header header) {
      this.bus = bus;
      this.header = header;
    }

    @Subscribe
    void ping(Ping ping) {
      bus.post(new Pong(ping.number + 1), header);
    }

    @Subscribe
    void pong(Pong pong) {
      bus.post(new Ping(pong.number + 1), header);
    }
  }

  /** A chain that ends: each Event posts the next until its name is "0". */
  static final class Countdown {
    final MessageBus bus;
    final List<String> reached = new ArrayList<>();

    Countdown(MessageBus bus) {
      this.bus = bus;
    }

    @Subscribe
    void on(Event event) {
      int left = Integer.parseInt(event.name);
      reached.add(event.name);
      if (left > 0) {
        bus.post(new Event(Integer.toString(left - 1)));
      }
    }
  }

  @Test
  void anEndlessChainOfPlainPostsStopsWithHeraldsExceptionNamingItsTypes() throws Exception {
    anEndlessChainStopsWithHeraldsExceptionAndTheBusGoesOn(Header.BROADCAST, 1);
  }

  /** Listeners of one class: each post of the chain reaches them as one run. */
  @Test
  void anEndlessChainThroughListenersOfOneClassStopsTheSameWay() throws Exception {
    anEndlessChainStopsWithHeraldsExceptionAndTheBusGoesOn(
        Header.BROADCAST, DirectCalls.SHORTEST_AVERAGE_RUN);
  }

  @Test
  void anEndlessChainSentWithHeadersStopsTheSameWay() throws Exception {
    anEndlessChainStopsWithHeraldsExceptionAndTheBusGoesOn(
        Header.builder().tags("rally").build(), 1);
  }

  private void anEndlessChainStopsWithHeraldsExceptionAndTheBusGoesOn(Header header, int rallies)
      throws Exception {
    List<Throwable> reported = new CopyOnWriteArrayList<>();
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> reported.add(error)).build();
    for (int i = 0; i < rallies; i++) {
      bus.register(new Rally(bus, header));
    }
    Countdown countdown = new Countdown(bus);
    bus.register(countdown);

    Throwable thrown = SmallStack.run(STACK_BYTES, () -> bus.post(new Ping(0)));

    PostChainTooDeepException chain = assertInstanceOf(PostChainTooDeepException.class, thrown);
    String message = chain.getMessage();
    assertTrue(message.contains(Ping.class.getName()), message);
    assertTrue(message.contains(Pong.class.getName()), message);
    assertInstanceOf(StackOverflowError.class, chain.getCause());
    assertEquals(Ping.class, chain.chain().get(0), "the chain is listed from its first post");
    assertEquals(Pong.class, chain.chain().get(1));
    assertTrue(chain.chain().size() > 100, "a chain of " + chain.chain().size());
    assertEquals(List.of(), reported, "the chain's failure goes to the poster, once");

    // the bus goes on: a chain that ends is delivered, on the same small stack too
    assertEquals(null, SmallStack.run(STACK_BYTES, () -> bus.post(new Event("20"))));
    assertEquals(21, countdown.reached.size());
    assertEquals("0", countdown.reached.get(20));
  }
}
