package dev.herald;

import java.util.HashMap;
import java.util.Map;

/**
 * The registrations of a bus by listener identity (not {@code equals}), holding weakly
 * registered listeners weakly. Guarded by the registry's lock.
 */
final class ListenerTable {
  private final Map<RegistrationEntry.ListenerKey, RegistrationEntry> byListener = new HashMap<>();

  RegistrationEntry get(Object listener) {
    return byListener.get(new RegistrationEntry.StrongKey(listener));
  }

  void put(RegistrationEntry registration) {
    byListener.put(registration.key(), registration);
  }

  void remove(RegistrationEntry registration) {
    byListener.remove(registration.key());
  }

  int size() {
    return byListener.size();
  }

  /** Equality of keys: the same live listener object. A collected listener equals nothing. */
  static boolean sameListener(RegistrationEntry.ListenerKey key, Object other) {
    if (key == other) {
      return true;
    }
    if (!(other instanceof RegistrationEntry.ListenerKey)) {
      return false;
    }
    Object listener = key.listener();
    return listener != null && listener == ((RegistrationEntry.ListenerKey) other).listener();
  }
}
