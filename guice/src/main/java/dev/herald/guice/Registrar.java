package dev.herald.guice;

import dev.herald.MessageBus;

/** Registers what Guice hands over on one bus, strongly or weakly as the module was told. */
final class Registrar {
  private final MessageBus bus;
  private final boolean weakly;

  Registrar(MessageBus bus, boolean weakly) {
    this.bus = bus;
    this.weakly = weakly;
  }

  /**
   * Whether objects of exactly {@code type} have handlers.
   *
   * @throws IllegalArgumentException if the class marks handlers that have no dispatcher
   */
  boolean hasHandlers(Class<?> type) {
    return bus.hasHandlers(type);
  }

  /** Registers {@code listener}, whose class has handlers; once, however often it is handed. */
  void register(Object listener) {
    if (weakly) {
      bus.registerWeakly(listener);
    } else {
      bus.register(listener);
    }
  }

  /**
   * Registers {@code object} if its class has handlers.
   *
   * @throws IllegalArgumentException if its class marks handlers that have no dispatcher
   */
  void registerIfListener(Object object) {
    if (bus.hasHandlers(object.getClass())) {
      register(object);
    }
  }
}
