package dev.herald.nats;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The flight recorder's record of a change of a bridge's connection to the NATS server: what the
 * bus hears as a {@link NatsConnectionEvent}, one per outage.
 */
@Name("dev.herald.nats.ConnectionChanged")
@Label("NATS Connection Changed")
@Description("A Herald NATS bridge's connection was lost, is back, or is closed for good")
@Category({"Herald", "NATS"})
@StackTrace(false)
final class ConnectionChangedEvent extends Event {

  @Label("Bridge Origin")
  @Description("The origin of the bridge whose connection changed")
  String bridge;

  @Label("Kind")
  @Description("What happened: DISCONNECTED, RECONNECTED or CLOSED")
  String kind;

  @Label("Server")
  @Description("The server's address, as the client names it")
  String server;

  @Label("Dropped So Far")
  @Description("How many messages the bridge had dropped when this happened")
  long droppedSoFar;

  static void emit(String bridge, NatsConnectionEvent.Kind kind, String server, long dropped) {
    ConnectionChangedEvent event = new ConnectionChangedEvent();
    if (event.shouldCommit()) {
      event.bridge = bridge;
      event.kind = kind.name();
      event.server = server;
      event.droppedSoFar = dropped;
      event.commit();
    }
  }
}
