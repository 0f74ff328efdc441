package dev.herald;

import java.util.HashMap;
import java.util.Map;

/**
 * The registrations of a bus by listener identity (not {@code equals}), holding weakly
 * registered listeners weakly. Guarded by the bus's lock.
 */
final class ListenerTable {
  private final Map<Registration.ListenerKey, Registration> byListener = new HashMap<>();

  Registration get(Object listener) {
    return byListener.get(new Registration.StrongKey(listener));
  }

  void put(Registration registration) {
    byListener.put(registration.key(), registration);
  }

  void remove(Registration registration) {
    byListener.remove(registration.key());
  }

  int size() {
    return byListener.size();
  }

  /** Equality of keys: the same live listener object. A collected listener equals nothing. */
  static boolean sameListener(Registration.ListenerKey key, Object other) {
    if (key == other) {
      return true;
    }
    if (!(other instanceof Registration.ListenerKey)) {
      return false;
    }
    Object listener = key.listener();
    return listener != null && listener == ((Registration.ListenerKey) other).listener();
  }
}
