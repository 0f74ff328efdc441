package dev.herald;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything the bus knows about one handler parameter type: the subscribers that take it,
 * and the routes of the message classes it matches, so that a registration touches only the
 * routes it joins. Guarded by the bus's lock.
 */
final class HandlerType {
  final Class<?> type;
  final List<Subscriber> subscribers = new ArrayList<>();
  final List<Route> routes = new ArrayList<>();

  HandlerType(Class<?> type) {
    this.type = type;
  }

  boolean matches(Class<?> messageClass) {
    return type.isAssignableFrom(messageClass);
  }
}
