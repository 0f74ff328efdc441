package dev.herald.nats;

import dev.herald.Address;
import dev.herald.MessageBus;
import dev.herald.bridge.Bridge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The other processes a bridge has heard from, each with an address on the local bus. The least
 * recently heard are forgotten past {@link #LIMIT}, so that processes that come and go for months
 * do not pile up addresses.
 */
final class RemoteProcesses {
  static final int LIMIT = 1024;

  private final MessageBus bus;
  private final BridgeCore bridge;
  private final Map<String, RemoteProcess> byOrigin = new LinkedHashMap<>(16, 0.75f, true);

  /** Read on every export, without the lock: was this message imported by this bridge? */
  private final Map<Address, String> originByAddress = new ConcurrentHashMap<>();

  private boolean closed;

  RemoteProcesses(MessageBus bus, BridgeCore bridge) {
    this.bus = bus;
    this.bridge = bridge;
  }

  /** The process named {@code origin}, registered on the bus the first time it is heard from. */
  synchronized RemoteProcess of(String origin) {
    if (closed) {
      throw new IllegalStateException("the bridge is closed");
    }
    RemoteProcess process = byOrigin.get(origin);
    if (process == null) {
      process =
          new RemoteProcess(origin, Bridge.of(bus).attachRemote(new DirectLink(bridge, origin)));
      byOrigin.put(origin, process);
      originByAddress.put(process.endpoint.address(), origin);
      if (byOrigin.size() > LIMIT) {
        forgetLeastRecentlyHeard();
      }
    }
    return process;
  }

  /**
   * Forgets the process heard from least recently. The order of the map is that of the calls to
   * {@link #of}; an importer that hears again from the process it heard from last does not call it,
   * but marks the process {@linkplain RemoteProcess#heard heard}: such a process gets its place at
   * the recent end now, and the next in order is looked at.
   */
  private void forgetLeastRecentlyHeard() {
    for (int looked = 0; looked < byOrigin.size(); looked++) {
      Map.Entry<String, RemoteProcess> eldest = byOrigin.entrySet().iterator().next();
      if (!eldest.getValue().takeHeard()) {
        forget(eldest.getKey());
        return;
      }
      byOrigin.get(eldest.getKey()); // access order: to the recent end
    }
    forget(byOrigin.keySet().iterator().next()); // all heard while we looked: the oldest goes
  }

  String originOf(Address address) {
    return originByAddress.get(address);
  }

  synchronized void closeAll() {
    closed = true;
    for (String origin : new ArrayList<>(byOrigin.keySet())) {
      forget(origin);
    }
  }

  private void forget(String origin) {
    RemoteProcess process = byOrigin.remove(origin);
    originByAddress.remove(process.endpoint.address());
    process.forget();
  }

  synchronized List<String> origins() {
    return new ArrayList<>(byOrigin.keySet());
  }
}
