package dev.herald;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Why a message that required a receiver reached nobody: what was wrong with its destination, and
 * the few handlers that came closest with what kept each one out. First those that take the
 * message's type but were filtered out (tags, sender, address, hidden): those of its own class,
 * then of its supertypes, then of {@code Object}, the catch-alls; then those that take a subtype of
 * it; then those that take another class of the same simple name. Each group in delivery order.
 * Made only on that dead path, from the registry's handlers under its lock.
 */
final class NearMisses {
  /** How many handlers the text names; the rest are counted. */
  static final int SHOWN = 5;

  private NearMisses() {}

  /**
   * @param handlers every handler on the bus
   * @param target the destination as resolved: null for a broadcast or a name bound to nothing
   */
  static String explain(
      Collection<Subscriber> handlers,
      Class<?> messageClass,
      Header header,
      Address from,
      Address target) {
    StringBuilder text = new StringBuilder();
    Address to = header.to();
    if (to.kind == Address.Kind.NAMED && target == null) {
      text.append("The name \"").append(to.name()).append("\" is bound to no address. ");
    } else if (target != null && target.isRetired()) {
      text.append(target).append(" is retired: its last registration closed. ");
    }
    List<Subscriber> filtered = new ArrayList<>();
    List<Subscriber> subtypes = new ArrayList<>();
    List<Subscriber> namesakes = new ArrayList<>();
    for (Subscriber handler : handlers) {
      Class<?> takes = handler.messageType;
      if (takes.isAssignableFrom(messageClass)) {
        if (!whyNot(handler, header, from, target).isEmpty()) {
          filtered.add(handler);
        }
      } else if (messageClass.isAssignableFrom(takes)) {
        subtypes.add(handler);
      } else if (takes.getSimpleName().equals(messageClass.getSimpleName())) {
        namesakes.add(handler);
      }
    }
    filtered.sort(new NearestTypeFirst(messageClass));
    subtypes.sort(Subscriber.DELIVERY_ORDER);
    namesakes.sort(Subscriber.DELIVERY_ORDER);
    int total = filtered.size() + subtypes.size() + namesakes.size();
    if (total == 0) {
      return text.append("No handler on the bus takes ")
          .append(messageClass.getName())
          .append(", a supertype or a subtype of it, or a class of the same simple name")
          .toString();
    }
    text.append("Closest: ");
    int shown = 0;
    for (Subscriber handler : filtered) {
      shown = add(text, shown, handler, whyNot(handler, header, from, target));
    }
    for (Subscriber handler : subtypes) {
      shown = add(text, shown, handler, "takes a subtype of " + messageClass.getName());
    }
    for (Subscriber handler : namesakes) {
      shown =
          add(
              text,
              shown,
              handler,
              handler.messageType.getName().equals(messageClass.getName())
                  ? "takes a class of the same name from another class loader"
                  : "takes another class named " + messageClass.getSimpleName());
    }
    if (total > shown) {
      text.append("; and ").append(total - shown).append(" more");
    }
    return text.toString();
  }

  /** Appends one handler and why, unless {@link #SHOWN} are there already; the new count. */
  private static int add(StringBuilder text, int shown, Subscriber handler, String why) {
    if (shown == SHOWN) {
      return shown;
    }
    if (shown > 0) {
      text.append("; ");
    }
    text.append(handler.row.description).append(", ").append(why);
    return shown + 1;
  }

  /** The handlers of the message's own class, then of its supertypes, then of {@code Object}. */
  private static final class NearestTypeFirst implements Comparator<Subscriber> {
    private final Class<?> messageClass;

    NearestTypeFirst(Class<?> messageClass) {
      this.messageClass = messageClass;
    }

    @Override
    public int compare(Subscriber a, Subscriber b) {
      int byDistance = Integer.compare(distance(a), distance(b));
      return byDistance != 0 ? byDistance : Subscriber.DELIVERY_ORDER.compare(a, b);
    }

    private int distance(Subscriber handler) {
      return handler.messageType == messageClass ? 0 : handler.messageType == Object.class ? 2 : 1;
    }
  }

  /**
   * What kept a handler of the message's type from counting as its receiver (rule 12), as a phrase;
   * empty if nothing did.
   */
  private static String whyNot(Subscriber handler, Header header, Address from, Address target) {
    List<String> reasons = new ArrayList<>();
    RegistrationEntry registration = handler.registration;
    if (handler.visible == 0) {
      reasons.add("hidden (it receives, but does not count)");
    }
    if (!handler.tags.isEmpty() && !handler.tags.intersects(header.tags)) {
      reasons.add(
          "wants tags "
              + handler.tags
              + (header.tags.isEmpty()
                  ? ", the message has none"
                  : ", the message has " + header.tags));
    }
    if (registration.onlyFrom != null && registration.onlyFrom != from) {
      reasons.add(
          "only from "
              + registration.onlyFrom
              + (from == null ? ", the message is anonymous" : ", the message is from " + from));
    }
    Address.Kind kind = header.to().kind;
    boolean addressed =
        kind == Address.Kind.ENTITY || kind == Address.Kind.NAMED || kind == Address.Kind.SELF;
    if (addressed
        && !registration.observesAll
        && (target == null || target.isRetired() || !registration.isAddressedBy(target))) {
      reasons.add(
          registration.address == null
              ? "at an address of its own, not the destination"
              : "at " + registration.address + ", not the destination");
    }
    if (kind == Address.Kind.BROADCAST_NOT_ME && from != null && registration.address == from) {
      reasons.add("at the sender's own address, which BROADCAST_NOT_ME skips");
    }
    if (registration.listener() == null) {
      reasons.add("its weakly held listener was collected");
    }
    return String.join(", ", reasons);
  }
}
