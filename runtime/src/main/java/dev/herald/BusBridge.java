package dev.herald;

import dev.herald.bridge.Bridge;
import dev.herald.bridge.Forwarder;
import dev.herald.bridge.RemoteEndpoint;
import dev.herald.bridge.RemoteLink;
import dev.herald.bridge.Responder;
import dev.herald.internal.BridgeAccess;
import dev.herald.time.Ticker;
import java.util.Objects;

/** The runtime's {@link Bridge}: the bus's package-private side, for the bridge SPI. */
final class BusBridge implements Bridge {
  private final MessageBus bus;

  BusBridge(MessageBus bus) {
    this.bus = bus;
  }

  @Override
  public RemoteEndpoint attachRemote(RemoteLink link) {
    return new RemotePeer(bus.router, bus.registry, Objects.requireNonNull(link, "link"));
  }

  @Override
  public void reportError(Throwable failure, String source, Object message) {
    bus.failures.outside(failure, source, message);
  }

  @Override
  public <T> Registration forward(Class<T> type, Forwarder<? super T> forwarder) {
    return forward(bus.registration(), type, forwarder);
  }

  @Override
  public <T> Registration forward(
      Registration.Builder options, Class<T> type, Forwarder<? super T> forwarder) {
    Objects.requireNonNull(options, "options");
    if (options.bus != bus) {
      throw new IllegalArgumentException(
          "These registration options were made by another bus: make them with "
              + "registration() of the bus this bridge belongs to");
    }
    if (options.lane != null) {
      throw new IllegalArgumentException(
          "Cannot forward "
              + Objects.requireNonNull(type, "type").getName()
              + " on the lane "
              + options.lane
              + ": a Forwarder runs on the sending thread, where it can answer"
              + " requests. Register it without onLane, and hand the messages to your own executor if"
              + " it must not block");
    }
    return bus.registry.forward(type, forwarder, options);
  }

  @Override
  public <T> Registration respond(Class<T> type, Responder<? super T> responder) {
    return bus.registry.respond(type, responder, bus.registration());
  }

  @Override
  public Ticker ticker() {
    return bus.ticker;
  }

  @Override
  public Class<?> replyType(Envelope envelope) {
    return envelope.replyType();
  }

  @Override
  public String toString() {
    return "Bridge[" + bus + "]";
  }

  /** Installed by {@link MessageBus}'s initialization, so {@link Bridge#of} finds a bus's side. */
  static final class Access extends BridgeAccess {
    @Override
    public Bridge bridgeOf(MessageBus bus) {
      return new BusBridge(bus);
    }
  }
}
