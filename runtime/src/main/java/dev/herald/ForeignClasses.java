package dev.herald;

/**
 * Tells the classes a bus must not keep once nothing else does: those of a class loader that is
 * neither Herald's own nor one of its ancestors. A plugin's, say: a game that loads mods or a
 * server that redeploys drops such a loader while the bus lives on, and every table entry keyed by
 * one of its classes would keep the whole loader.
 */
final class ForeignClasses {
  private static final ClassLoader HERALDS = ForeignClasses.class.getClassLoader();

  private ForeignClasses() {}

  /** Whether {@code type} comes from a loader that may be dropped while Herald's stays. */
  static boolean isForeign(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    if (loader == null) {
      return false; // the boot loader's classes are never unloaded
    }
    for (ClassLoader visible = HERALDS; visible != null; visible = visible.getParent()) {
      if (visible == loader) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the registration is a plugin's: its listener (a subscribed function, say) is of a
   * foreign class, or one of its handlers is declared by or takes one.
   */
  static boolean isForeign(RegistrationEntry registration) {
    if (registration.strongListener != null && isForeign(registration.strongListener.getClass())) {
      return true;
    }
    for (Subscriber subscriber : registration.subscribers) {
      if (isForeign(subscriber.messageType) || isForeign(subscriber.dispatcher.listenerType())) {
        return true;
      }
    }
    return false;
  }
}
