package dev.herald.internal;

import dev.herald.MessageBus;
import dev.herald.bridge.Bridge;

/**
 * How {@link Bridge#of} reaches the bus's package-private side without reflection: the runtime
 * installs the one implementation when {@link MessageBus} is initialized, before any bus exists.
 * Not exported by the runtime's module; on the class path, public only because Java has no narrower
 * way across two packages. Not for use outside the runtime.
 *
 * @since 0.1
 */
public abstract class BridgeAccess {
  private static volatile BridgeAccess installed;

  /** For the runtime's one implementation. */
  protected BridgeAccess() {}

  /**
   * Installs the runtime's implementation, once.
   *
   * @throws IllegalStateException if one is installed already
   */
  public static synchronized void install(BridgeAccess access) {
    if (installed != null) {
      throw new IllegalStateException(
          "The bridge access is installed already; only the runtime installs it");
    }
    installed = access;
  }

  /** The installed implementation: there is one as soon as a {@link MessageBus} exists. */
  public static BridgeAccess installed() {
    BridgeAccess access = installed;
    if (access == null) {
      throw new IllegalStateException("No MessageBus class initialized yet: make the bus first");
    }
    return access;
  }

  /** The bridge side of {@code bus}. */
  public abstract Bridge bridgeOf(MessageBus bus);
}
