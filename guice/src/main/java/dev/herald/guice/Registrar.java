package dev.herald.guice;

import com.google.inject.Provider;
import dev.herald.MessageBus;

/**
 * Registers what Guice hands over, strongly or weakly as the module was told, on the bus the
 * injector binds: the module's own, unless {@code Modules.override} replaced its binding, in which
 * case the module's bus is posted to by nobody and listeners there would hear nothing.
 */
final class Registrar {
  private final MessageBus own;
  private final Provider<MessageBus> bound;
  private final boolean weakly;

  /**
   * @param own the module's bus, which answers which classes have handlers while Guice is still
   *     reading the bindings, before {@code bound} can be asked
   * @param bound the injector's binding of {@link MessageBus}, ready by the time Guice injects the
   *     first object (an instance binding, an eager singleton)
   */
  Registrar(MessageBus own, Provider<MessageBus> bound, boolean weakly) {
    this.own = own;
    this.bound = bound;
    this.weakly = weakly;
  }

  /**
   * Whether objects of exactly {@code type} have handlers.
   *
   * @throws IllegalArgumentException if the class marks handlers that have no dispatcher
   */
  boolean hasHandlers(Class<?> type) {
    return own.hasHandlers(type);
  }

  /** Registers {@code listener}, whose class has handlers; once, however often it is handed. */
  void register(Object listener) {
    MessageBus bus = bound.get();
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
    if (own.hasHandlers(object.getClass())) {
      register(object);
    }
  }
}
