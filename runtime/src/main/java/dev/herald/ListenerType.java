package dev.herald;

import dev.herald.spi.Dispatcher;
import dev.herald.spi.HandlerInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * Every handler of one listener class: the rows of the nearest class's dispatcher followed
 * by those of its superclasses' dispatchers, less the rows that a subclass overrides.
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
    return compose(new SubscriptionDispatcher(messageType), WITHOUT_DISPATCHER);
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
        if (!isOverridden(row, own)) {
          rows.add(row);
        }
      }
    }
    return new ListenerType(List.copyOf(rows));
  }

  boolean hasDispatcher() {
    return rows != null;
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

    @SuppressWarnings("unchecked")
    Row(Dispatcher<?> dispatcher, int index, HandlerInfo info) {
      this.dispatcher = (Dispatcher<Object>) dispatcher;
      this.index = index;
      this.info = info;
      this.declaringClass =
          info.declaredIn() != null ? info.declaredIn() : dispatcher.listenerType().getName();
      this.description =
          declaringClass + "." + info.method() + "(" + info.messageType().getName() + ")";
    }
  }
}
