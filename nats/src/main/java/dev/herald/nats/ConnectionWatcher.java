package dev.herald.nats;

import io.nats.client.Connection;
import io.nats.client.ConnectionListener;
import io.nats.client.ErrorListener;
import io.nats.client.Message;

/** Tells the bridge what the NATS client says about the connection and discarded messages. */
final class ConnectionWatcher implements ConnectionListener, ErrorListener {
  private final BridgeCore bridge;

  ConnectionWatcher(BridgeCore bridge) {
    this.bridge = bridge;
  }

  @Override
  public void connectionEvent(Connection connection, Events type) {
    switch (type) {
      case DISCONNECTED:
        bridge.connectionChanged(NatsConnectionEvent.Kind.DISCONNECTED);
        break;
      case RESUBSCRIBED:
        // not RECONNECTED: the client says that as soon as the new socket is up, before it has
        // sent the subscriptions again, so a program that took it for "imports flow again"
        // could publish (from another connection) what the server then routes to nobody
        bridge.connectionChanged(NatsConnectionEvent.Kind.RECONNECTED);
        break;
      case CLOSED:
        bridge.connectionChanged(NatsConnectionEvent.Kind.CLOSED);
        break;
      default:
        break; // connected, reconnected (see above), servers discovered: nothing to tell
    }
  }

  @Override
  public void errorOccurred(Connection connection, String error) {
    if (error != null && error.contains("Permissions Violation for Publish")) {
      int open = error.indexOf('"');
      int close = error.lastIndexOf('"');
      String subject = open >= 0 && close > open ? error.substring(open + 1, close) : null;
      bridge.report(new PublishRefusedException(error, subject));
    }
  }

  @Override
  public void messageDiscarded(Connection connection, Message message) {
    if (Prelude.isAnnouncement(message.getData())) {
      return; // not a message: the next announcement says the same, or more
    }
    bridge.dropped(
        message,
        message.getSubject(),
        new IllegalStateException(
            "the NATS client discarded it: its outgoing queue was full, or the connection was closing"));
  }
}
