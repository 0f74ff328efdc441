package dev.herald;

import dev.herald.bridge.Forwarder;
import dev.herald.bridge.Responder;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Who is on the bus: the registrations by listener, their handlers in the type indexes, the names
 * bound to addresses, who is at each address, and the weakly held listeners that were collected.
 * The only holder of the bus's lock, taken on the rare paths (registering, unregistering, binding,
 * the first message of a class); sending reads without it. Each change under the lock first
 * requires room on the stack ({@link StackRoom#require}): an overflow halfway through one would
 * leave structures that must agree broken for good.
 */
final class Registry {
  /** From how many collected listeners a purge takes them out of each list all at once. */
  static final int BATCH_PURGE = 16;

  private final MessageBus bus;
  private final DispatcherLookup lookup;
  private final Object lock = new Object();
  private final ListenerTable listeners = new ListenerTable();
  private final TypeIndex everyone = new TypeIndex();
  private final TypeIndex observersOfAll = new TypeIndex();
  private final BoundNames names = new BoundNames();
  private final Stamps stamps = new Stamps();
  private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
  private final AtomicLong addressNumbers = new AtomicLong();

  Registry(MessageBus bus, DispatcherLookup lookup) {
    this.bus = bus;
    this.lookup = lookup;
  }

  /** Every handler on the bus, by message class. */
  TypeIndex everyone() {
    return everyone;
  }

  /** The handlers that observe all traffic, by message class. */
  TypeIndex observersOfAll() {
    return observersOfAll;
  }

  /** The handlers of {@code messageClass} in {@code index}, found on first use. */
  HandlersForClass handlersFor(TypeIndex index, Class<?> messageClass) {
    HandlersForClass handlers = index.find(messageClass);
    if (handlers != null) {
      return handlers;
    }
    StackRoom.require();
    synchronized (lock) {
      return index.create(messageClass);
    }
  }

  // ---- registering ----------------------------------------------------------------------

  Registration register(Object listener, Registration.Builder options) {
    ListenerType type = lookup.typeOf(listener.getClass());
    if (!lookup.hasHandlers(listener.getClass(), true)) {
      throw new IllegalArgumentException(lookup.whyNoDispatcher(listener.getClass()));
    }
    StackRoom.require();
    synchronized (lock) {
      purgeCollectedLocked();
      RegistrationEntry existing = listeners.get(listener);
      if (existing != null) {
        return existing.handle;
      }
      RegistrationEntry registration = addLocked(listener, options.strong, options, type);
      listeners.put(registration);
      return registration.handle;
    }
  }

  /** Where listener classes' handlers are found. */
  DispatcherLookup lookup() {
    return lookup;
  }

  <T> Registration subscribe(
      Class<T> type, Consumer<? super T> handler, Registration.Builder options) {
    return subscribe(type, handler, ListenerType.subscription(type), options);
  }

  <T> Registration respond(
      Class<T> type, Responder<? super T> responder, Registration.Builder options) {
    return subscribe(type, responder, ListenerType.responder(type), options);
  }

  <T> Registration forward(
      Class<T> type, Forwarder<? super T> forwarder, Registration.Builder options) {
    return subscribe(type, forwarder, ListenerType.forwarder(type), options);
  }

  /** A function held strongly, registered with its one handler. */
  private Registration subscribe(
      Class<?> type, Object function, ListenerType listenerType, Registration.Builder options) {
    Objects.requireNonNull(function, "handler");
    StackRoom.require();
    synchronized (lock) {
      purgeCollectedLocked();
      return addLocked(function, true, options, listenerType).handle;
    }
  }

  /** Unregisters {@code listener} by identity; false if it was not registered. */
  boolean unregister(Object listener) {
    StackRoom.require();
    synchronized (lock) {
      RegistrationEntry registration = listeners.get(listener);
      return registration != null && removeLocked(registration);
    }
  }

  void close(RegistrationEntry registration) {
    StackRoom.require();
    synchronized (lock) {
      removeLocked(registration);
    }
  }

  private RegistrationEntry addLocked(
      Object listener, boolean strong, Registration.Builder options, ListenerType type) {
    Address address = options.at;
    if (address != null && address.isRetired()) {
      throw Address.retiredError(address, "register at");
    }
    RegistrationEntry registration =
        new RegistrationEntry(bus, listener, strong, options, address, type, stamps, collected);
    if (address != null) {
      address.entry.registrationAdded();
    }
    for (Subscriber subscriber : registration.subscribers) {
      everyone.add(subscriber);
      if (address != null) {
        address.entry.join(subscriber);
      }
      for (Address watched : registration.observed) {
        watched.entry.join(subscriber);
      }
      if (registration.observesAll) {
        observersOfAll.add(subscriber);
      }
    }
    return registration;
  }

  private boolean removeLocked(RegistrationEntry registration) {
    if (!registration.close()) {
      return false;
    }
    for (Subscriber subscriber : registration.subscribers) {
      everyone.remove(subscriber);
      if (registration.address != null) {
        registration.address.entry.leave(subscriber);
      }
      for (Address watched : registration.observed) {
        watched.entry.leave(subscriber);
      }
      if (registration.observesAll) {
        observersOfAll.remove(subscriber);
      }
    }
    forgetLocked(registration);
    if (ForeignClasses.isForeign(registration)) {
      List<AddressEntry> addresses = new ArrayList<>();
      registration.addressesInto(addresses);
      forgetForeignClassesLocked(addresses);
    }
    bus.plainPosts.forgetReplacedCalls();
    return true;
  }

  /** The bookkeeping of a removal besides the handler lists: listener, names, address. */
  private void forgetLocked(RegistrationEntry registration) {
    listeners.remove(registration);
    names.forget(registration);
    if (registration.address != null) {
      registration.address.entry.registrationRemoved();
    }
    if (registration.weakListener != null) {
      registration.weakListener.registration = null;
    }
  }

  /**
   * After a registration of a foreign listener (a plugin's) left: lets go of the foreign classes
   * the type indexes keep, so that its class loader can be collected once dropped.
   */
  private void forgetForeignClassesLocked(Collection<AddressEntry> addresses) {
    everyone.forgetForeignClasses();
    observersOfAll.forgetForeignClasses();
    for (AddressEntry address : addresses) {
      address.forgetForeignClasses();
    }
  }

  // ---- weakly held listeners ---------------------------------------------------------------

  /** Forgets listeners that were collected; a delivery that met one calls it. */
  void purgeCollected() {
    StackRoom.require();
    synchronized (lock) {
      purgeCollectedLocked();
    }
  }

  private void purgeCollectedLocked() {
    Reference<?> reference = collected.poll();
    if (reference == null) {
      return;
    }
    List<RegistrationEntry> dead = new ArrayList<>();
    for (; reference != null; reference = collected.poll()) {
      RegistrationEntry registration = ((RegistrationEntry.WeakListener) reference).registration;
      if (registration != null) { // null if it was removed before it was collected
        dead.add(registration);
      }
    }
    if (dead.isEmpty()) {
      return;
    }
    if (dead.size() < BATCH_PURGE) {
      for (RegistrationEntry registration : dead) {
        removeLocked(registration);
      }
      return;
    }
    // Many at once (a scene unloaded, a burst of short-lived listeners): removing them one by
    // one copies every list they are in once per handler, quadratic work under the lock.
    // Close them all, then take the retired handlers out of each list with one copy.
    Set<AddressEntry> addresses =
        Collections.newSetFromMap(new IdentityHashMap<AddressEntry, Boolean>());
    boolean observersOfAllChanged = false;
    boolean foreign = false;
    for (RegistrationEntry registration : dead) {
      if (!registration.close()) {
        continue;
      }
      forgetLocked(registration);
      registration.addressesInto(addresses);
      observersOfAllChanged |= registration.observesAll;
      foreign |= ForeignClasses.isForeign(registration);
    }
    everyone.removeRetired();
    for (AddressEntry address : addresses) {
      address.removeRetired();
    }
    if (observersOfAllChanged) {
      observersOfAll.removeRetired();
    }
    if (foreign) {
      forgetForeignClassesLocked(addresses);
    }
    bus.plainPosts.forgetReplacedCalls();
  }

  // ---- addresses and names -----------------------------------------------------------------

  Address createAddress() {
    return Address.entity(new AddressEntry(this, addressNumbers.incrementAndGet()));
  }

  /** The type index of the handlers at {@code address} (made on first use), or null if retired. */
  TypeIndex indexAt(Address address) {
    AddressEntry entry = address.entry;
    TypeIndex index = entry.index();
    if (index != null || entry.isRetired()) {
      return index;
    }
    StackRoom.require();
    synchronized (lock) {
      return entry.makeIndex();
    }
  }

  /**
   * The address of {@code registration}, made now if it has none yet; a closed registration's is
   * retired.
   */
  Address addressOf(RegistrationEntry registration) {
    Address address = registration.address;
    if (address != null) {
      return address;
    }
    StackRoom.require();
    synchronized (lock) {
      return addressOfLocked(registration);
    }
  }

  private Address addressOfLocked(RegistrationEntry registration) {
    if (registration.address == null) {
      Address made = createAddress();
      made.entry.registrationAdded();
      if (registration.isClosed()) {
        made.entry.registrationRemoved(); // retires it: it outlived what it was the address of
      } else {
        for (Subscriber subscriber : registration.subscribers) {
          made.entry.join(subscriber);
        }
      }
      registration.address = made;
    }
    return registration.address;
  }

  /** The address {@code name} is bound to now, or null. */
  Address boundTo(String name) {
    RegistrationEntry owner = names.owner(name);
    return owner == null ? null : owner.address;
  }

  void bind(RegistrationEntry registration, String name) {
    BoundNames.check(name);
    StackRoom.require();
    synchronized (lock) {
      if (registration.isClosed()) {
        throw new IllegalStateException("Cannot bind \"" + name + "\" to a closed registration");
      }
      purgeCollectedLocked();
      RegistrationEntry owner = names.owner(name);
      if (owner != null && owner.listener() == null) {
        // collected, though not yet seen in the reference queue: it holds nothing any more
        removeLocked(owner);
        owner = null;
      }
      if (owner == registration) {
        return;
      }
      if (owner != null) {
        throw BoundNames.alreadyBound(name, owner);
      }
      addressOfLocked(registration);
      names.add(name, registration);
    }
  }

  boolean unbind(RegistrationEntry registration, String name) {
    Objects.requireNonNull(name, "name");
    StackRoom.require();
    synchronized (lock) {
      return names.remove(name, registration);
    }
  }

  // ---- what the bus holds, for people -------------------------------------------------------

  /** {@link NearMisses#explain}, for a message that required a receiver and reached nobody. */
  String nearMisses(Class<?> messageClass, Header header, Address from, Address target) {
    synchronized (lock) {
      return NearMisses.explain(everyone.subscribers(), messageClass, header, from, target);
    }
  }

  /** The handlers, registrations and names now, in one piece, with {@code sticky}. */
  BusDescription describe(List<BusDescription.StickyMessage> sticky) {
    synchronized (lock) {
      return BusDescriptionBuilder.describe(everyone.subscribers(), names.asMap(), sticky);
    }
  }

  // ---- counts, for toString and the tests of the cleanup -----------------------------------

  int handlerCount() {
    synchronized (lock) {
      return everyone.handlerCount();
    }
  }

  int listenerCount() {
    synchronized (lock) {
      return listeners.size();
    }
  }

  int entryCount() {
    synchronized (lock) {
      return everyone.entryCount() + observersOfAll.entryCount();
    }
  }

  int boundNameCount() {
    return names.size();
  }
}
