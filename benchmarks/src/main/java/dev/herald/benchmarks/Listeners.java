package dev.herald.benchmarks;

/** Listener arrays for the scenarios. */
public final class Listeners {
  private Listeners() {}

  /** {@code count} listeners of classes A, B and C in turn. */
  public static PingListener[] mixed(int count) {
    PingListener[] listeners = new PingListener[count];
    for (int i = 0; i < count; i++) {
      switch (i % 3) {
        case 0:
          listeners[i] = new ListenerA();
          break;
        case 1:
          listeners[i] = new ListenerB();
          break;
        default:
          listeners[i] = new ListenerC();
          break;
      }
    }
    return listeners;
  }
}
