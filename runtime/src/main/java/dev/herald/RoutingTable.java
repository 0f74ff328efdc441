package dev.herald;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A set of subscribers and, for each message class sent to them so far, the {@link Route}
 * of those that match it. The bus has one for everyone, one for the observers of all
 * traffic, and every address one for the handlers at it.
 *
 * <p>{@link #routeFor} is the hot path: it reads an open-addressing array that is replaced
 * whole when a route is added, so it takes no lock and allocates nothing once the message
 * class has been seen. Everything else runs under the bus's lock.
 */
final class RoutingTable {
  private static final Route[] NO_ROUTES = new Route[1];

  private final Object lock;
  private final Map<Class<?>, HandlerType> handlerTypes = new HashMap<>();
  private final List<Route> allRoutes = new ArrayList<>();
  private volatile Route[] routes = NO_ROUTES;

  RoutingTable(Object lock) {
    this.lock = lock;
  }

  /** The route for {@code messageClass}, made on first use. */
  Route routeFor(Class<?> messageClass) {
    Route[] table = routes;
    int mask = table.length - 1;
    for (int i = messageClass.hashCode() & mask; ; i = (i + 1) & mask) {
      Route route = table[i];
      if (route == null) {
        return createRoute(messageClass);
      }
      if (route.messageClass == messageClass) {
        return route;
      }
    }
  }

  /** Adds a subscriber to every route it matches; under the bus's lock. */
  void add(Subscriber subscriber) {
    HandlerType type = handlerTypes.get(subscriber.messageType);
    if (type == null) {
      type = new HandlerType(subscriber.messageType);
      for (Route route : allRoutes) {
        if (type.matches(route.messageClass)) {
          type.routes.add(route);
        }
      }
      handlerTypes.put(subscriber.messageType, type);
    }
    type.subscribers.add(subscriber);
    for (Route route : type.routes) {
      route.add(subscriber);
    }
  }

  /** Takes a subscriber out of every route; under the bus's lock. */
  void remove(Subscriber subscriber) {
    HandlerType type = handlerTypes.get(subscriber.messageType);
    if (type == null || !type.subscribers.remove(subscriber)) {
      return;
    }
    for (Route route : type.routes) {
      route.remove(subscriber);
    }
  }

  /**
   * Takes every retired subscriber out, each list copied once: for a purge of many collected
   * listeners, where {@link #remove} one at a time would copy each list once per subscriber.
   * Under the bus's lock.
   */
  void removeRetired() {
    for (HandlerType type : handlerTypes.values()) {
      for (Iterator<Subscriber> it = type.subscribers.iterator(); it.hasNext(); ) {
        if (it.next().isRetired()) {
          it.remove();
        }
      }
    }
    for (Route route : allRoutes) {
      route.removeRetired();
    }
  }

  /** How many subscribers there are; under the bus's lock. */
  int subscriberCount() {
    int count = 0;
    for (HandlerType type : handlerTypes.values()) {
      count += type.subscribers.size();
    }
    return count;
  }

  /** How many entries all routes hold together; under the bus's lock. */
  int routeEntryCount() {
    int count = 0;
    for (Route route : allRoutes) {
      count += route.handlers.size();
    }
    return count;
  }

  private Route createRoute(Class<?> messageClass) {
    synchronized (lock) {
      for (Route route : allRoutes) {
        if (route.messageClass == messageClass) {
          return route;
        }
      }
      Route route = new Route(messageClass);
      List<Subscriber> matching = new ArrayList<>();
      for (HandlerType type : handlerTypes.values()) {
        if (type.matches(messageClass)) {
          type.routes.add(route);
          matching.addAll(type.subscribers);
        }
      }
      route.addAll(matching);
      allRoutes.add(route);
      routes = withRoute(routes, route, allRoutes.size());
      return route;
    }
  }

  /** A copy of {@code table} with {@code route} added, grown to keep it at most half full. */
  private static Route[] withRoute(Route[] table, Route route, int count) {
    int length = table.length;
    while (count * 2 > length) {
      length *= 2;
    }
    Route[] copy = new Route[length];
    for (Route present : table) {
      if (present != null) {
        place(copy, present);
      }
    }
    place(copy, route);
    return copy;
  }

  private static void place(Route[] table, Route route) {
    int mask = table.length - 1;
    int i = route.messageClass.hashCode() & mask;
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    table[i] = route;
  }
}
