package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import dev.herald.bridge.Bridge;
import dev.herald.bridge.RemoteEndpoint;
import dev.herald.bridge.RemoteLink;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A peer in another process as an address on the bus: sends go to its link, its messages come from
 * it.
 */
class RemoteAddressTest {

  private final MessageBus bus =
      MessageBus.builder().errorHandler(RethrowingErrorHandler.INSTANCE).build();

  /** Stands in for the network: records what was sent, refuses strings as a codec-less type. */
  static final class RecordingLink implements RemoteLink {
    final List<Object> sent = new ArrayList<>();
    final List<Address> senders = new ArrayList<>();

    @Override
    public int send(Object message, Address from) {
      if (message instanceof String) {
        throw new IllegalArgumentException("String is not a wire type");
      }
      sent.add(message);
      senders.add(from);
      return 1;
    }
  }

  static final class Listener {
    final List<Envelope> seen = new ArrayList<>();

    @Subscribe
    void on(Event event, Envelope envelope) {
      seen.add(envelope);
    }
  }

  private final RecordingLink link = new RecordingLink();
  private final RemoteEndpoint peer = Bridge.of(bus).attachRemote(link);
  private final Listener local = new Listener();
  private final Registration registration = bus.register(local);

  @Test
  void messageSentToAPeerGoesToItsLinkNotToLocalHandlers() {
    Event event = new Event("fire");

    assertEquals(1, registration.send(peer.address(), event));
    assertEquals(1, bus.post(new Event("anonymous"), Header.to(peer.address())));

    assertEquals(2, link.sent.size());
    assertSame(event, link.sent.get(0));
    assertSame(registration.address(), link.senders.get(0));
    assertEquals(null, link.senders.get(1));
    assertEquals(List.of(), local.seen);
    assertTrue(peer.address().isRemote());
  }

  @Test
  void whatThePeerSentComesFromItsAddress() {
    peer.receive(new Event("from afar"));

    assertEquals(1, local.seen.size());
    assertSame(peer.address(), local.seen.get(0).from());
  }

  @Test
  void aPeersMessageReachesPlainHandlersAndTheSenderFiltersStillHold() {
    TestMessages.Ping ping = new TestMessages.Ping(1);
    List<String> calls = new ArrayList<>();
    MessageBus plainOnly = MessageBus.create();
    RemoteEndpoint afar = Bridge.of(plainOnly).attachRemote(link);
    plainOnly.subscribe(TestMessages.Ping.class, p -> calls.add("plain " + p.number));
    plainOnly.subscribe(TestMessages.Ping.class, p -> calls.add("second " + p.number));

    assertEquals(2, afar.receive(ping)); // every handler plain: each is called directly

    // handlers that need more than a call: one that sees the envelope, one for another sender
    Bridge.of(plainOnly)
        .respond(
            TestMessages.Ping.class,
            (p, envelope) -> {
              calls.add("envelope from afar: " + (envelope.from() == afar.address()));
              return List.of();
            });
    plainOnly
        .registration()
        .onlyFrom(plainOnly.createAddress())
        .subscribe(TestMessages.Ping.class, p -> calls.add("wrong"));
    assertEquals(3, afar.receive(new TestMessages.Ping(2)));

    assertEquals(
        List.of("plain 1", "second 1", "plain 2", "second 2", "envelope from afar: true"), calls);
  }

  @Test
  void aPeersMessageThatNobodyReceivesIsDeadWithItsEnvelope() {
    List<DeadMessage> dead = new ArrayList<>();
    bus.subscribe(DeadMessage.class, dead::add);
    Registration closed = bus.subscribe(TestMessages.Ping.class, p -> {});
    closed.close();

    assertEquals(0, peer.receive(new TestMessages.Ping(3)));
    assertEquals(0, bus.post(new TestMessages.Ping(4)));

    assertEquals(2, dead.size());
    assertSame(peer.address(), dead.get(0).envelope().from());
    assertEquals(
        null, dead.get(1).envelope(), "a plain post's dead letter has no envelope, as before");
  }

  @Test
  void whatTheLinkRefusesFailsTheSenderAtOnce() {
    IllegalArgumentException thrown =
        assertThrows(
            IllegalArgumentException.class,
            () -> registration.send(peer.address(), "not a wire type"));
    assertEquals("String is not a wire type", thrown.getMessage());
  }

  @Test
  void stagedDelayedAndRequestedSendsToAPeerAreRefused() {
    Header staged = Header.builder().to(peer.address()).stage(Stage.UPDATE).build();
    assertThrows(IllegalArgumentException.class, () -> bus.post(new Event("later"), staged));
    assertThrows(
        IllegalArgumentException.class,
        () -> registration.request(peer.address(), new Event("?"), Object.class));
    assertEquals(List.of(), link.sent);
  }

  @Test
  void closedEndpointReachesNobody() {
    peer.close();

    assertEquals(0, registration.send(peer.address(), new Event("too late")));
    assertEquals(List.of(), link.sent);
  }

  @Test
  void peerOfAnotherBusIsRefused() {
    RemoteEndpoint elsewhere = Bridge.of(MessageBus.create()).attachRemote(link);
    assertThrows(
        IllegalArgumentException.class,
        () -> registration.send(elsewhere.address(), new Event("x")));
  }
}
