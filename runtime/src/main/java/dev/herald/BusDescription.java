package dev.herald;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a bus holds at one moment, for people: {@link MessageBus#describe()}. Immutable: a copy made
 * under the bus's lock, so registering and closing on other threads never change it, and the
 * handlers, registrations and addresses in it are those of one instant (the sticky messages are
 * copied just before, under their own lock).
 *
 * <p>Its {@link #toString()} is a table, in this format (lines and columns stay as they are, so it
 * can be quoted and compared):
 *
 * <pre>
 * Herald bus: 4 registrations, 5 handlers, 2 addresses, 1 sticky message
 * handlers by the message type they take, each type's in delivery order:
 *   com.example.Damage
 *       10  com.example.Health.onDamage  strong, at Address#1
 *        0  com.example.Renderer.onDamage  weak, at Address#1, lane ui
 *   java.lang.Object
 *        0  com.example.AiLog.log  strong, at Address#3, observing all, tags [AI], hidden, envelope
 * addresses:
 *   Address#1: com.example.Health, com.example.Renderer
 *   Address#2 named "world": com.example.World
 *   Address#3: com.example.AiLog
 * sticky messages:
 *   com.example.Weather, broadcast: Weather[kind=rain]
 * </pre>
 *
 * <p>A handler line is its priority, {@code declaringClass.method}, then {@code strong} or {@code
 * weak} and, each only when it applies: {@code at} its registration's address (a registration's
 * address is made when first needed, so most have none yet), {@code observing} addresses, {@code
 * observing all}, {@code only from} a sender, {@code lane} name, {@code async} (then {@code
 * concurrent} if its calls may overlap), {@code serialized} (on the posting thread), {@code tags},
 * {@code sticky}, {@code hidden}, {@code envelope} (the method takes the envelope too). The types
 * come in the order of their names; a post of class C runs the handlers of every type C is an
 * instance of, merged by priority then registration: {@link #handlersFor}. The {@code addresses}
 * and {@code sticky messages} sections are left out when empty. A sticky message is shown by its
 * type, where it was kept for ({@code broadcast} or an address) and its {@code toString()}, cut to
 * {@value #TEXT_LIMIT} characters.
 *
 * @since 0.1
 */
public final class BusDescription {
  /** How much of a sticky message's {@code toString()} is kept. */
  public static final int TEXT_LIMIT = 100;

  private final List<Handler> handlers;
  private final Map<Class<?>, List<Handler>> byType;
  private final List<AddressListing> addresses;
  private final List<StickyMessage> stickyMessages;
  private final int registrations;

  /** Made by {@link BusDescriptionBuilder}, which copies them under the registry's lock. */
  BusDescription(
      List<Handler> handlers,
      Map<Class<?>, List<Handler>> byType,
      List<AddressListing> addresses,
      List<StickyMessage> stickyMessages,
      int registrations) {
    this.handlers = handlers;
    this.byType = byType;
    this.addresses = addresses;
    this.stickyMessages = stickyMessages;
    this.registrations = registrations;
  }

  /** How many registrations the bus holds (listeners and subscribed functions). */
  public int registrations() {
    return registrations;
  }

  /** Every handler, grouped by the type it takes (in the order of the types' names). */
  public List<Handler> handlers() {
    return handlers;
  }

  /**
   * The handlers by the type they take, in the order of the types' names; each type's in delivery
   * order (higher priority first, then the order of registration).
   */
  public Map<Class<?>, List<Handler>> handlersByType() {
    return byType;
  }

  /**
   * The handlers a broadcast of class {@code messageClass} would reach, in delivery order, before
   * tags, sender filters and hidden flags are considered: those whose type it is an instance of.
   */
  public List<Handler> handlersFor(Class<?> messageClass) {
    List<Handler> reached = new ArrayList<>();
    for (Handler handler : handlers) {
      if (handler.messageType.isAssignableFrom(messageClass)) {
        reached.add(handler);
      }
    }
    reached.sort(new DeliveryOrder());
    return Collections.unmodifiableList(reached);
  }

  /** The addresses made so far that registrations live at or observe, or names are bound to. */
  public List<AddressListing> addresses() {
    return addresses;
  }

  /** The sticky messages kept, oldest first. */
  public List<StickyMessage> stickyMessages() {
    return stickyMessages;
  }

  /** The table described in the class comment. */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    text.append("Herald bus: ")
        .append(counted(registrations, "registration"))
        .append(", ")
        .append(counted(handlers.size(), "handler"))
        .append(", ")
        .append(counted(addresses.size(), "address"))
        .append(", ")
        .append(counted(stickyMessages.size(), "sticky message"))
        .append('\n');
    text.append("handlers by the message type they take, each type's in delivery order:\n");
    int width = 1;
    for (Handler handler : handlers) {
      width = Math.max(width, Integer.toString(handler.priority).length());
    }
    for (Map.Entry<Class<?>, List<Handler>> type : byType.entrySet()) {
      text.append("  ").append(type.getKey().getName()).append('\n');
      for (Handler handler : type.getValue()) {
        String priority = Integer.toString(handler.priority);
        text.append("    ");
        for (int i = priority.length(); i < width + 2; i++) {
          text.append(' ');
        }
        text.append(priority).append("  ").append(handler).append('\n');
      }
    }
    if (!addresses.isEmpty()) {
      text.append("addresses:\n");
      for (AddressListing address : addresses) {
        text.append("  ").append(address).append('\n');
      }
    }
    if (!stickyMessages.isEmpty()) {
      text.append("sticky messages:\n");
      for (StickyMessage sticky : stickyMessages) {
        text.append("  ").append(sticky).append('\n');
      }
    }
    return text.toString();
  }

  private static String counted(int count, String what) {
    String plural = what.endsWith("s") ? what + "es" : what + "s";
    return count + " " + (count == 1 ? what : plural);
  }

  /**
   * One handler as it was registered.
   *
   * @since 0.1
   */
  public static final class Handler {
    private final Class<?> messageType;
    private final String listenerClass;
    private final String declaringClass;
    private final String method;
    private final int priority;
    private final boolean weak;
    private final Address address;
    private final List<Address> observed;
    private final boolean observesAll;
    private final Address onlyFrom;
    private final String lane;
    private final boolean async;
    private final boolean serialized;
    private final Set<String> tags;
    private final boolean sticky;
    private final boolean hidden;
    private final boolean takesEnvelope;

    /** Registration order, for {@link DeliveryOrder}. */
    private final long stamp;

    Handler(Subscriber subscriber) {
      RegistrationEntry registration = subscriber.registration;
      Object listener = registration.listener();
      this.messageType = subscriber.messageType;
      this.listenerClass =
          listener != null
              ? listener.getClass().getName()
              : subscriber.dispatcher.listenerType().getName();
      this.declaringClass = subscriber.row.declaringClass;
      this.method = subscriber.row.info.method();
      this.priority = subscriber.priority;
      this.weak = registration.weakListener != null;
      this.address = registration.address;
      this.observed = List.of(registration.observed);
      this.observesAll = registration.observesAll;
      this.onlyFrom = registration.onlyFrom;
      this.lane = subscriber.lane == null ? null : subscriber.lane.name;
      this.async = subscriber.async;
      this.serialized =
          subscriber.serialLock != null || subscriber.mailbox != null || subscriber.lane != null;
      this.tags = subscriber.tags.names();
      this.sticky = subscriber.sticky;
      this.hidden = subscriber.visible == 0;
      this.takesEnvelope = subscriber.takesEnvelope;
      this.stamp = subscriber.stamp;
    }

    /** The type of message it takes (it receives that type's subtypes too). */
    public Class<?> messageType() {
      return messageType;
    }

    /**
     * The binary name of the listener's class (for a subscribed function, the function's); of the
     * class with the handler if a weakly held listener was collected.
     */
    public String listenerClass() {
      return listenerClass;
    }

    /** The binary name of the class or interface that declares the method. */
    public String declaringClass() {
      return declaringClass;
    }

    /** The method's simple name ({@code accept} for a subscribed function). */
    public String method() {
      return method;
    }

    /** Its {@code @Subscribe(priority)}: higher runs first. */
    public int priority() {
      return priority;
    }

    /** Whether the bus holds the listener weakly ({@link MessageBus#registerWeakly}). */
    public boolean isWeak() {
      return weak;
    }

    /** Its registration's address, or {@code null} if none was made yet (it is made on demand). */
    public Address address() {
      return address;
    }

    /** The addresses its registration observes, besides its own. */
    public List<Address> observed() {
      return observed;
    }

    /** Whether its registration observes all traffic, whatever the address. */
    public boolean observesAll() {
      return observesAll;
    }

    /** The only sender whose messages it receives, or {@code null} for any. */
    public Address onlyFrom() {
      return onlyFrom;
    }

    /** The lane it receives on, or {@code null}. */
    public String lane() {
      return lane;
    }

    /** Whether it runs on the bus's executor ({@code @Subscribe(async = true)}). */
    public boolean isAsync() {
      return async;
    }

    /**
     * Whether its calls never overlap: serialized on the posting thread, on a lane, or asynchronous
     * and not {@code concurrent}.
     */
    public boolean isSerialized() {
      return serialized;
    }

    /** The tags it listens to; empty when it listens to all. */
    public Set<String> tags() {
      return tags;
    }

    /** Whether kept sticky messages replay to it when it registers. */
    public boolean isSticky() {
      return sticky;
    }

    /** Whether it receives without counting as a receiver ({@code hidden = true}). */
    public boolean isHidden() {
      return hidden;
    }

    /** Whether the method takes the {@link Envelope} too. */
    public boolean takesEnvelope() {
      return takesEnvelope;
    }

    /** Its line in the table, without the priority: {@code com.example.Radar.onAttack strong}. */
    @Override
    public String toString() {
      StringBuilder text = new StringBuilder();
      text.append(declaringClass).append('.').append(method).append("  ");
      text.append(weak ? "weak" : "strong");
      if (address != null) {
        text.append(", at ").append(address);
      }
      if (!observed.isEmpty()) {
        text.append(", observing ");
        for (int i = 0; i < observed.size(); i++) {
          text.append(i == 0 ? "" : " ").append(observed.get(i));
        }
      }
      if (observesAll) {
        text.append(", observing all");
      }
      if (onlyFrom != null) {
        text.append(", only from ").append(onlyFrom);
      }
      if (lane != null) {
        text.append(", lane ").append(lane);
      }
      if (async) {
        text.append(serialized ? ", async" : ", async, concurrent");
      } else if (serialized && lane == null) {
        text.append(", serialized");
      }
      if (!tags.isEmpty()) {
        text.append(", tags ").append(tags);
      }
      if (sticky) {
        text.append(", sticky");
      }
      if (hidden) {
        text.append(", hidden");
      }
      if (takesEnvelope) {
        text.append(", envelope");
      }
      return text.toString();
    }
  }

  /**
   * An address and who is there: the names bound to it, the listeners registered at it, and those
   * observing it.
   *
   * @since 0.1
   */
  public static final class AddressListing {
    private final Address address;
    final List<String> names = new ArrayList<>();
    final List<String> registered = new ArrayList<>();
    final List<String> observers = new ArrayList<>();

    AddressListing(Address address) {
      this.address = address;
    }

    /** The address. */
    public Address address() {
      return address;
    }

    /** The names bound to it, in alphabetical order. */
    public List<String> names() {
      return Collections.unmodifiableList(names);
    }

    /** The binary names of the classes of the listeners registered at it. */
    public List<String> registered() {
      return Collections.unmodifiableList(registered);
    }

    /** The binary names of the classes of the listeners observing it. */
    public List<String> observers() {
      return Collections.unmodifiableList(observers);
    }

    /** As in the table: {@code Address#2 named "world": com.example.World}. */
    @Override
    public String toString() {
      StringBuilder text = new StringBuilder(address.toString());
      for (String name : names) {
        text.append(" named \"").append(name).append('"');
      }
      text.append(':');
      if (!registered.isEmpty()) {
        text.append(' ').append(String.join(", ", registered));
      }
      if (!observers.isEmpty()) {
        text.append(registered.isEmpty() ? " " : "; ")
            .append("observed by ")
            .append(String.join(", ", observers));
      }
      return text.toString();
    }
  }

  /**
   * A sticky message the bus keeps.
   *
   * @since 0.1
   */
  public static final class StickyMessage {
    private final Class<?> type;
    private final Address address;
    private final String text;

    StickyMessage(Class<?> type, Address address, String text) {
      this.type = type;
      this.address = address;
      this.text = text.length() <= TEXT_LIMIT ? text : text.substring(0, TEXT_LIMIT - 3) + "...";
    }

    /** The message's class. */
    public Class<?> type() {
      return type;
    }

    /** The address it was kept for, or {@code null} for a broadcast. */
    public Address address() {
      return address;
    }

    /** Its {@code toString()}, cut to {@link #TEXT_LIMIT} characters. */
    public String text() {
      return text;
    }

    /** As in the table: {@code com.example.Weather, broadcast: Weather[kind=rain]}. */
    @Override
    public String toString() {
      return type.getName()
          + ", "
          + (address == null ? "broadcast" : "for " + address)
          + ": "
          + text;
    }
  }

  /** {@link Subscriber#DELIVERY_ORDER}, for the copies. */
  private static final class DeliveryOrder implements Comparator<Handler> {
    @Override
    public int compare(Handler a, Handler b) {
      if (a.priority != b.priority) {
        return a.priority > b.priority ? -1 : 1;
      }
      return Long.compare(a.stamp, b.stamp);
    }
  }
}
