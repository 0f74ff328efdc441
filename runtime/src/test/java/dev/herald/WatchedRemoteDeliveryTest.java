package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.bridge.Bridge;
import dev.herald.bridge.RemoteEndpoint;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RemoteEndpoint#receiveWatched}: a link that acknowledges what it delivers learns whether a
 * handler of the message threw, while the bus reports the failure and goes on as for any delivery
 * (docs/DESIGN.md rule 5, rule 15).
 */
class WatchedRemoteDeliveryTest {
  private final List<Throwable> reported = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder().errorHandler((error, context) -> reported.add(error)).build();
  private final RemoteEndpoint peer = Bridge.of(bus).attachRemote((message, from) -> 1);

  @Test
  void theFirstFailureOfAHandlerIsReturnedAndReportedAndTheOthersStillRun() {
    List<String> ran = new ArrayList<>();
    IllegalStateException first = new IllegalStateException("first");
    bus.subscribe(Ping.class, ping -> ran.add("before"));
    bus.subscribe(
        Ping.class,
        ping -> {
          throw first;
        });
    bus.subscribe(
        Ping.class,
        ping -> {
          throw new IllegalArgumentException("second");
        });
    bus.subscribe(Ping.class, ping -> ran.add("after"));

    assertSame(first, peer.receiveWatched(new Ping(1)));

    assertEquals(List.of("before", "after"), ran);
    assertEquals(2, reported.size());
    assertSame(first, reported.get(0));
  }

  @Test
  void aHandlerThatTakesTheEnvelopeIsWatchedToo() {
    RuntimeException failure = new RuntimeException("with envelope");
    Bridge.of(bus)
        .respond(
            Event.class,
            (event, envelope) -> {
              throw failure;
            });

    assertSame(failure, peer.receiveWatched(new Event("e")));
    assertEquals(List.of(failure), reported);
  }

  @Test
  void aDeliveryWhoseHandlersReturnedIsNullEvenWhenANestedPostFailed() {
    bus.subscribe(Ping.class, ping -> bus.post(new Event("nested")));
    bus.subscribe(
        Event.class,
        event -> {
          throw new IllegalStateException("the nested message's handler, not the ping's");
        });

    assertNull(peer.receiveWatched(new Ping(2)));
    assertEquals(1, reported.size(), "the nested failure is reported as usual");
    assertNull(peer.receiveWatched(new Ping(3)), "a watch ends with its delivery");
  }

  @Test
  void afterAWatchedDeliveryFailuresAreNoLongerWatched() {
    bus.subscribe(
        Ping.class,
        ping -> {
          throw new IllegalStateException("always");
        });

    peer.receiveWatched(new Ping(4));
    peer.receive(new Ping(5)); // unwatched: would have been kept by a watch left behind
    assertEquals(2, reported.size());
    assertEquals("always", peer.receiveWatched(new Ping(6)).getMessage());
  }
}
