package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A peer in another process as an address on the bus: sends go to its link, its messages come from it. */
class RemoteAddressTest {

  private final MessageBus bus = MessageBus.builder().errorHandler(RethrowingErrorHandler.INSTANCE).build();

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
  private final RemoteEndpoint peer = bus.attachRemote(link);
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
    peer.deliver(new Event("from afar"));

    assertEquals(1, local.seen.size());
    assertSame(peer.address(), local.seen.get(0).from());
  }

  @Test
  void whatTheLinkRefusesFailsTheSenderAtOnce() {
    IllegalArgumentException thrown =
        assertThrows(IllegalArgumentException.class, () -> registration.send(peer.address(), "not a wire type"));
    assertEquals("String is not a wire type", thrown.getMessage());
  }

  @Test
  void stagedDelayedAndRequestedSendsToAPeerAreRefused() {
    Header staged = Header.builder().to(peer.address()).stage(Stage.UPDATE).build();
    assertThrows(IllegalArgumentException.class, () -> bus.post(new Event("later"), staged));
    assertThrows(IllegalArgumentException.class, () -> registration.request(peer.address(), new Event("?"), Object.class));
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
    RemoteEndpoint elsewhere = MessageBus.create().attachRemote(link);
    assertThrows(IllegalArgumentException.class, () -> registration.send(elsewhere.address(), new Event("x")));
  }
}
