package dev.herald;

import java.util.ArrayList;
import java.util.List;

/**
 * Who is at one address a bus made: the handlers registered there and those observing it, how many
 * registrations share it, and whether it is retired. Only the owning {@link Registry} changes it,
 * under its lock; the send path reads {@link #index()} and {@link #isRetired()} without one.
 */
final class AddressEntry {
  final Registry owner;
  final long number;

  /** The handlers at this address and those observing it; guarded by the registry's lock. */
  private List<Subscriber> members;

  /** Registrations at this address; guarded by the registry's lock. */
  private int registrations;

  /**
   * The type index of the members, made when a message is first sent here: most addresses (one per
   * plain registration) never receive one.
   */
  private volatile TypeIndex index;

  private volatile boolean retired;

  AddressEntry(Registry owner, long number) {
    this.owner = owner;
    this.number = number;
  }

  boolean isRetired() {
    return retired;
  }

  /** The type index of what is here, or null if none was made yet or the address retired. */
  TypeIndex index() {
    return index;
  }

  /** Makes the type index of the members; under the registry's lock. */
  TypeIndex makeIndex() {
    if (index == null && !retired) {
      TypeIndex made = new TypeIndex();
      if (members != null) {
        for (Subscriber member : members) {
          made.add(member);
        }
      }
      index = made;
    }
    return index;
  }

  /** Counts a registration made at this address; under the registry's lock. */
  void registrationAdded() {
    registrations++;
  }

  /**
   * Counts a registration closed here, retiring the address with its last one; under the registry's
   * lock.
   */
  void registrationRemoved() {
    if (--registrations == 0) {
      retired = true;
      index = null;
      members = null;
    }
  }

  /** Adds a handler that receives what is sent here; under the registry's lock. */
  void join(Subscriber subscriber) {
    if (retired) {
      return;
    }
    if (members == null) {
      members = new ArrayList<>(2);
    }
    members.add(subscriber);
    TypeIndex made = index;
    if (made != null) {
      made.add(subscriber);
    }
  }

  /** Removes a handler added by {@link #join}; under the registry's lock. */
  void leave(Subscriber subscriber) {
    if (members != null) {
      members.remove(subscriber);
    }
    TypeIndex made = index;
    if (made != null) {
      made.remove(subscriber);
    }
  }

  /** Forgets what its type index keys by foreign classes; under the registry's lock. */
  void forgetForeignClasses() {
    TypeIndex made = index;
    if (made != null) {
      made.forgetForeignClasses();
    }
  }

  /** Takes out every retired handler, each list copied once; under the registry's lock. */
  void removeRetired() {
    if (members != null) {
      TypeIndex.keepLive(members);
    }
    TypeIndex made = index;
    if (made != null) {
      made.removeRetired();
    }
  }
}
