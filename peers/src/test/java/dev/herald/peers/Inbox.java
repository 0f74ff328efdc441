package dev.herald.peers;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;

/** Records what reached one bus, with the envelopes. */
final class Inbox {
  final List<Object> messages = new ArrayList<>();
  final List<Envelope> envelopes = new ArrayList<>();
  final List<PeerConnected> connected = new ArrayList<>();
  final List<PeerDisconnected> disconnected = new ArrayList<>();

  @Subscribe
  synchronized void on(Messages.Hello hello, Envelope envelope) {
    messages.add(hello);
    envelopes.add(envelope);
  }

  @Subscribe
  synchronized void on(Messages.Spawn spawn, Envelope envelope) {
    messages.add(spawn);
    envelopes.add(envelope);
  }

  @Subscribe
  synchronized void on(Messages.Order order, Envelope envelope) {
    messages.add(order);
    envelopes.add(envelope);
  }

  @Subscribe
  synchronized void on(PeerConnected event, Envelope envelope) {
    connected.add(event);
  }

  @Subscribe
  synchronized void on(PeerDisconnected event) {
    disconnected.add(event);
  }

  synchronized int count(Class<?> type) {
    int count = 0;
    for (Object message : messages) {
      if (type.isInstance(message)) {
        count++;
      }
    }
    return count;
  }
}
