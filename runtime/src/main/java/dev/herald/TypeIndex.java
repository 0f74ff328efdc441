package dev.herald;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A set of handlers and, for each message class sent to them so far, the {@link HandlersForClass}
 * of those whose parameter type matches it. The registry has one for everyone and one for the
 * observers of all traffic, and every address that received a message has one for the handlers
 * there.
 *
 * <p>{@link #find} is the hot path: it reads an open-addressing array that is replaced whole when a
 * class is added, so it takes no lock and allocates nothing. Everything else changes the index, and
 * its caller holds the registry's lock.
 */
final class TypeIndex {
  private static final HandlersForClass[] EMPTY = new HandlersForClass[1];

  private final Map<Class<?>, ParameterType> byParameterType = new HashMap<>();
  private final List<HandlersForClass> allClasses = new ArrayList<>();
  private volatile HandlersForClass[] table = EMPTY;

  /** The handlers of {@code messageClass}, or null if it was never asked for. */
  HandlersForClass find(Class<?> messageClass) {
    HandlersForClass[] current = table;
    int mask = current.length - 1;
    for (int i = messageClass.hashCode() & mask; ; i = (i + 1) & mask) {
      HandlersForClass handlers = current[i];
      if (handlers == null) {
        return null;
      }
      if (handlers.messageClass == messageClass) {
        return handlers;
      }
    }
  }

  /** Adds a handler to the handlers of every class it matches. */
  void add(Subscriber subscriber) {
    ParameterType type = byParameterType.get(subscriber.messageType);
    if (type == null) {
      type = new ParameterType(subscriber.messageType);
      for (HandlersForClass handlers : allClasses) {
        if (type.matches(handlers.messageClass)) {
          type.classes.add(handlers);
        }
      }
      byParameterType.put(subscriber.messageType, type);
    }
    type.subscribers.add(subscriber);
    for (HandlersForClass handlers : type.classes) {
      handlers.add(subscriber);
    }
  }

  /** Takes a handler out of the handlers of every class. */
  void remove(Subscriber subscriber) {
    ParameterType type = byParameterType.get(subscriber.messageType);
    if (type == null || !type.subscribers.remove(subscriber)) {
      return;
    }
    for (HandlersForClass handlers : type.classes) {
      handlers.remove(subscriber);
    }
  }

  /**
   * Takes every retired handler out, each list copied once: for a purge of many collected
   * listeners, where {@link #remove} one at a time would copy each list once per handler.
   */
  void removeRetired() {
    for (ParameterType type : byParameterType.values()) {
      keepLive(type.subscribers);
    }
    for (HandlersForClass handlers : allClasses) {
      handlers.removeRetired();
    }
  }

  /**
   * Takes the retired handlers out of {@code subscribers} in one pass: removing them one at a time
   * shifts the rest each time, quadratic for a purge of many (seconds for 100,000).
   */
  static void keepLive(List<Subscriber> subscribers) {
    int kept = 0;
    for (int i = 0; i < subscribers.size(); i++) {
      Subscriber subscriber = subscribers.get(i);
      if (!subscriber.isRetired()) {
        subscribers.set(kept++, subscriber);
      }
    }
    subscribers.subList(kept, subscribers.size()).clear();
  }

  /**
   * Forgets what is keyed by a {@linkplain ForeignClasses foreign} class: the parameter types no
   * handler takes any more, and the handlers of every such message class, to be found again if that
   * class is sent again. Called when a foreign registration left, so that its class loader can be
   * collected once dropped.
   */
  void forgetForeignClasses() {
    for (Iterator<ParameterType> it = byParameterType.values().iterator(); it.hasNext(); ) {
      ParameterType type = it.next();
      if (type.subscribers.isEmpty() && ForeignClasses.isForeign(type.type)) {
        it.remove();
      }
    }
    boolean dropped = false;
    for (Iterator<HandlersForClass> it = allClasses.iterator(); it.hasNext(); ) {
      HandlersForClass handlers = it.next();
      if (ForeignClasses.isForeign(handlers.messageClass)) {
        it.remove();
        handlers.retire();
        dropped = true;
      }
    }
    if (!dropped) {
      return;
    }
    for (ParameterType type : byParameterType.values()) {
      for (Iterator<HandlersForClass> it = type.classes.iterator(); it.hasNext(); ) {
        if (it.next().isRetired()) {
          it.remove();
        }
      }
    }
    int length = EMPTY.length;
    while (allClasses.size() * 2 > length) {
      length *= 2;
    }
    HandlersForClass[] rebuilt = new HandlersForClass[length];
    for (HandlersForClass handlers : allClasses) {
      place(rebuilt, handlers);
    }
    table = rebuilt;
  }

  /** Every handler here, grouped by the type it takes, in no particular order. */
  List<Subscriber> subscribers() {
    List<Subscriber> all = new ArrayList<>();
    for (ParameterType type : byParameterType.values()) {
      all.addAll(type.subscribers);
    }
    return all;
  }

  /** How many handlers there are. */
  int handlerCount() {
    int count = 0;
    for (ParameterType type : byParameterType.values()) {
      count += type.subscribers.size();
    }
    return count;
  }

  /** How many entries the lists of all message classes hold together. */
  int entryCount() {
    int count = 0;
    for (HandlersForClass handlers : allClasses) {
      count += handlers.size();
    }
    return count;
  }

  /** The handlers of {@code messageClass}, made now unless another thread just did. */
  HandlersForClass create(Class<?> messageClass) {
    HandlersForClass made = find(messageClass);
    if (made != null) {
      return made;
    }
    HandlersForClass handlers = new HandlersForClass(messageClass);
    List<Subscriber> matching = new ArrayList<>();
    for (ParameterType type : byParameterType.values()) {
      if (type.matches(messageClass)) {
        type.classes.add(handlers);
        matching.addAll(type.subscribers);
      }
    }
    handlers.addAll(matching);
    allClasses.add(handlers);
    table = withClass(table, handlers, allClasses.size());
    return handlers;
  }

  /** A copy of {@code table} with {@code added}, grown to keep it at most half full. */
  private static HandlersForClass[] withClass(
      HandlersForClass[] table, HandlersForClass added, int count) {
    int length = table.length;
    while (count * 2 > length) {
      length *= 2;
    }
    HandlersForClass[] copy = new HandlersForClass[length];
    for (HandlersForClass present : table) {
      if (present != null) {
        place(copy, present);
      }
    }
    place(copy, added);
    return copy;
  }

  private static void place(HandlersForClass[] table, HandlersForClass handlers) {
    int mask = table.length - 1;
    int i = handlers.messageClass.hashCode() & mask;
    while (table[i] != null) {
      i = (i + 1) & mask;
    }
    table[i] = handlers;
  }

  /**
   * The handlers of one parameter type, and the message classes they match, so that adding a
   * handler touches only the lists it joins.
   */
  private static final class ParameterType {
    final Class<?> type;
    final List<Subscriber> subscribers = new ArrayList<>();
    final List<HandlersForClass> classes = new ArrayList<>();

    ParameterType(Class<?> type) {
      this.type = type;
    }

    boolean matches(Class<?> messageClass) {
      return type.isAssignableFrom(messageClass);
    }
  }
}
