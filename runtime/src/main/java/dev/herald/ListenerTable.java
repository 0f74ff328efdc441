package dev.herald;

/**
 * The registrations of a bus by listener identity (not {@code equals}), without holding the
 * listeners: an open-addressing table of the registrations themselves, each probed by its
 * listener's identity hash, so that a lookup allocates no key. A registration whose weakly held
 * listener was collected matches nothing until the purge removes it. Changed under the registry's
 * lock.
 */
final class ListenerTable {
  private RegistrationEntry[] slots = new RegistrationEntry[16];
  private int size;

  /** The registration of {@code listener}, or null. */
  RegistrationEntry get(Object listener) {
    RegistrationEntry[] table = slots;
    int mask = table.length - 1;
    for (int i = home(System.identityHashCode(listener), mask); ; i = (i + 1) & mask) {
      RegistrationEntry entry = table[i];
      if (entry == null) {
        return null;
      }
      if (entry.listener() == listener) {
        return entry;
      }
    }
  }

  void put(RegistrationEntry registration) {
    if ((size + 1) * 2 > slots.length) {
      grow();
    }
    place(slots, registration);
    size++;
  }

  /** Removes {@code registration} if it is here, by identity; collected or not. */
  void remove(RegistrationEntry registration) {
    RegistrationEntry[] table = slots;
    int mask = table.length - 1;
    int i = home(registration.identityHash, mask);
    while (table[i] != registration) {
      if (table[i] == null) {
        return;
      }
      i = (i + 1) & mask;
    }
    table[i] = null;
    size--;
    // Linear probing: move back every entry after the hole that could not be found past it.
    for (int j = (i + 1) & mask; table[j] != null; j = (j + 1) & mask) {
      int wanted = home(table[j].identityHash, mask);
      boolean stays = i <= j ? (i < wanted && wanted <= j) : (i < wanted || wanted <= j);
      if (!stays) {
        table[i] = table[j];
        table[j] = null;
        i = j;
      }
    }
  }

  int size() {
    return size;
  }

  private void grow() {
    RegistrationEntry[] grown = new RegistrationEntry[slots.length * 2];
    for (RegistrationEntry entry : slots) {
      if (entry != null) {
        place(grown, entry);
      }
    }
    slots = grown;
  }

  private static void place(RegistrationEntry[] table, RegistrationEntry registration) {
    int mask = table.length - 1;
    int i = home(registration.identityHash, mask);
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    table[i] = registration;
  }

  private static int home(int identityHash, int mask) {
    return (identityHash ^ (identityHash >>> 16)) & mask;
  }
}
