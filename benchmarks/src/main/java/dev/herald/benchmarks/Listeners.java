package dev.herald.benchmarks;

/** Listener arrays for the scenarios. */
public final class Listeners {
  private Listeners() {}

  /**
   * {@code count} listeners of classes A, B and C in turn, four of each class at a time: a bus that
   * calls neighbouring listeners of one class together sees every class there as well.
   */
  public static PingListener[] inFours(int count) {
    PingListener[] listeners = new PingListener[count];
    for (int i = 0; i < count; i++) {
      listeners[i] = ofClass(i / 4);
    }
    return listeners;
  }

  /** A new listener of class A, B or C, for {@code number} 0, 1 or 2 (and so on, in turn). */
  private static PingListener ofClass(int number) {
    switch (number % 3) {
      case 0:
        return new ListenerA();
      case 1:
        return new ListenerB();
      default:
        return new ListenerC();
    }
  }

  /** {@code count} listeners of classes A, B and C in turn. */
  public static PingListener[] mixed(int count) {
    PingListener[] listeners = new PingListener[count];
    for (int i = 0; i < count; i++) {
      listeners[i] = ofClass(i);
    }
    return listeners;
  }
}
