package dev.herald;

import dev.herald.bridge.Forwarder;
import dev.herald.bridge.Responder;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.HandlerInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Every handler of one listener class: the rows of the nearest class's dispatcher followed by those
 * of its superclasses' dispatchers, less the rows that a subclass overrides; then those of its
 * interfaces' dispatchers, less the methods a row before them already calls.
 *
 * <p>Once per method: Java gives a class one method per signature, however many interfaces declare
 * it, so an interface's row is left out when an earlier row has the same method name, message type
 * and envelope parameter. Class rows come first, so a class's {@code @Subscribe} on the method wins
 * over its interfaces'; an interface's own rows come before its super-interfaces', so a
 * sub-interface's wins over theirs.
 */
final class ListenerType {
  /** The type of a class for which no class in its hierarchy has a dispatcher. */
  static final ListenerType WITHOUT_DISPATCHER = new ListenerType(null);

  final List<Row> rows;

  private ListenerType(List<Row> rows) {
    this.rows = rows;
  }

  /** The one handler of a {@link MessageBus#subscribe} subscription to {@code messageType}. */
  static ListenerType subscription(Class<?> messageType) {
    return compose(new SubscriptionDispatcher(subscribable(messageType)), WITHOUT_DISPATCHER);
  }

  /** The one handler of a {@link Responder} to {@code messageType}. */
  static ListenerType responder(Class<?> messageType) {
    return compose(new ResponderDispatcher(subscribable(messageType)), WITHOUT_DISPATCHER);
  }

  /** The one handler of a {@link Forwarder} to {@code messageType}. */
  static ListenerType forwarder(Class<?> messageType) {
    return compose(new ForwarderDispatcher(subscribable(messageType)), WITHOUT_DISPATCHER);
  }

  private static Class<?> subscribable(Class<?> type) {
    Objects.requireNonNull(type, "type");
    if (type.isPrimitive()) {
      throw new IllegalArgumentException(
          "Cannot subscribe to " + type + ": messages are objects; subscribe to its wrapper class");
    }
    return type;
  }

  /** Composes {@code dispatcher}'s rows with the type of its listener's superclass. */
  static ListenerType compose(Dispatcher<?> dispatcher, ListenerType inherited) {
    List<Row> rows = new ArrayList<>();
    List<HandlerInfo> own = dispatcher.handlers();
    for (int i = 0; i < own.size(); i++) {
      rows.add(new Row(dispatcher, i, own.get(i)));
    }
    if (inherited.hasDispatcher()) {
      for (Row row : inherited.rows) {
        // an interface's row the subclass's own row implements: the subclass's counts
        if (!isOverridden(row, own) && !(row.fromInterface && implementedBy(own, row.info))) {
          rows.add(row);
        }
      }
    }
    return new ListenerType(List.copyOf(rows));
  }

  boolean hasDispatcher() {
    return rows != null;
  }

  /** This type with the rows of {@code implemented} that call a method no row here calls. */
  ListenerType withInterface(ListenerType implemented) {
    if (!implemented.hasDispatcher()) {
      return this;
    }
    List<Row> all = rows == null ? new ArrayList<>() : new ArrayList<>(rows);
    for (Row candidate : implemented.rows) {
      if (!callsSameMethod(all, candidate.info)) {
        all.add(candidate);
      }
    }
    return new ListenerType(List.copyOf(all));
  }

  private static boolean callsSameMethod(List<Row> rows, HandlerInfo method) {
    for (Row row : rows) {
      if (sameMethod(row.info, method)) {
        return true;
      }
    }
    return false;
  }

  private static boolean implementedBy(List<HandlerInfo> own, HandlerInfo method) {
    for (HandlerInfo info : own) {
      if (sameMethod(info, method)) {
        return true;
      }
    }
    return false;
  }

  private static boolean sameMethod(HandlerInfo a, HandlerInfo b) {
    return a.method().equals(b.method())
        && a.messageType() == b.messageType()
        && a.takesEnvelope() == b.takesEnvelope();
  }

  private static boolean isOverridden(Row inherited, List<HandlerInfo> own) {
    for (HandlerInfo info : own) {
      if (info.overrides().contains(inherited.declaringClass)
          && inherited.info.method().equals(info.method())
          && inherited.info.messageType() == info.messageType()
          && inherited.info.takesEnvelope() == info.takesEnvelope()) {
        return true;
      }
    }
    return false;
  }

  /** One handler: the dispatcher that calls it, its number there, and its table row. */
  static final class Row {
    final Dispatcher<Object> dispatcher;
    final int index;
    final HandlerInfo info;
    final String declaringClass;
    final String description;
    final TagSet tags;

    /** Whether an interface declares the method: then any implementation's method runs. */
    final boolean fromInterface;

    @SuppressWarnings("unchecked")
    Row(Dispatcher<?> dispatcher, int index, HandlerInfo info) {
      this.dispatcher = (Dispatcher<Object>) dispatcher;
      this.index = index;
      this.info = info;
      this.declaringClass =
          info.declaredIn() != null ? info.declaredIn() : dispatcher.listenerType().getName();
      this.fromInterface = dispatcher.listenerType().isInterface();
      this.description =
          declaringClass + "." + info.method() + "(" + info.messageType().getName() + ")";
      this.tags = TagSet.of(info.tags());
    }
  }
}
