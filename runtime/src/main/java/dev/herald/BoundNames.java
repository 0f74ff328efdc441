package dev.herald;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names bound to addresses ({@link Registration#bind}), each owned by the registration that
 * bound it, which also keeps the set of its own. Changed only under the registry's lock; a send to
 * a name reads it without one.
 */
final class BoundNames {
  private final Map<String, RegistrationEntry> owners = new ConcurrentHashMap<>();

  /** Throws if {@code name} cannot be bound to anything: null or empty. */
  static void check(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("A name must not be empty");
    }
  }

  /** What binding {@code name}, which {@code owner} bound, to another registration throws. */
  static IllegalStateException alreadyBound(String name, RegistrationEntry owner) {
    return new IllegalStateException(
        "The name \""
            + name
            + "\" is already bound to "
            + owner.address
            + "; only the registration that bound it can unbind it (closing it does too)");
  }

  /** The registration that bound {@code name}, or null. */
  RegistrationEntry owner(String name) {
    return owners.get(name);
  }

  /** Binds {@code name}, which nobody owns, to {@code registration}. */
  void add(String name, RegistrationEntry registration) {
    owners.put(name, registration);
    if (registration.names == null) {
      registration.names = new LinkedHashSet<>();
    }
    registration.names.add(name);
  }

  /** Unbinds {@code name} if {@code registration} owns it; false if it does not. */
  boolean remove(String name, RegistrationEntry registration) {
    if (owners.get(name) != registration) {
      return false;
    }
    owners.remove(name);
    registration.names.remove(name); // it bound the name, so it has the set
    return true;
  }

  /** Unbinds every name {@code registration} owns: it is leaving the bus. */
  void forget(RegistrationEntry registration) {
    if (registration.names != null) {
      for (String name : registration.names) {
        owners.remove(name, registration);
      }
      registration.names = null;
    }
  }

  /** Every name and its owner now: a live view, for a snapshot taken under the lock. */
  Map<String, RegistrationEntry> asMap() {
    return owners;
  }

  int size() {
    return owners.size();
  }
}
