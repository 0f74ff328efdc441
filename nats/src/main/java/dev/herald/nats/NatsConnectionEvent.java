package dev.herald.nats;

/**
 * Posted on the bus when a bridge's connection to the NATS server changes: lost, back, or closed
 * for good. A local message, never exported. (A class rather than a record: Herald's libraries use
 * no {@code java.lang.invoke}, which a record's generated methods need.)
 *
 * @since 0.1
 */
public final class NatsConnectionEvent {

  /** What happened to the connection. */
  public enum Kind {
    /** The connection broke; the client is reconnecting and buffers exports meanwhile. */
    DISCONNECTED,
    /**
     * The connection is back, and the bridge's subscriptions have been handed to the client again,
     * to be written ahead of the exports it buffered meanwhile and of anything exported from now
     * on. A round trip ({@link NatsBridge#flush}) after this event makes sure the server has them:
     * from then on, what other processes publish on imported subjects arrives.
     */
    RECONNECTED,
    /** The connection is closed for good (the bridge closed, or reconnecting gave up). */
    CLOSED
  }

  private final NatsBridge bridge;
  private final Kind kind;
  private final String server;
  private final long droppedSoFar;

  NatsConnectionEvent(NatsBridge bridge, Kind kind, String server, long droppedSoFar) {
    this.bridge = bridge;
    this.kind = kind;
    this.server = server;
    this.droppedSoFar = droppedSoFar;
  }

  /** The bridge whose connection changed. */
  public NatsBridge bridge() {
    return bridge;
  }

  /** What happened. */
  public Kind kind() {
    return kind;
  }

  /** The server's address, as the client names it. */
  public String server() {
    return server;
  }

  /** How many exported messages the bridge had dropped when this happened. */
  public long droppedSoFar() {
    return droppedSoFar;
  }

  @Override
  public String toString() {
    return "NatsConnectionEvent[" + kind + " " + server + ", " + droppedSoFar + " dropped so far]";
  }
}
