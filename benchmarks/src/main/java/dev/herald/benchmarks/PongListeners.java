package dev.herald.benchmarks;

/**
 * Herald listeners of {@link Pong}, of three classes as {@link Listeners#mixed} makes them for
 * {@link Ping}, so that a post of either class costs the same.
 */
public final class PongListeners {
  private PongListeners() {}

  /** {@code count} listeners of classes A, B and C in turn. */
  public static Object[] mixed(int count) {
    Object[] listeners = new Object[count];
    for (int i = 0; i < count; i++) {
      switch (i % 3) {
        case 0:
          listeners[i] = new A();
          break;
        case 1:
          listeners[i] = new B();
          break;
        default:
          listeners[i] = new C();
      }
    }
    return listeners;
  }

  /** Adds 1. */
  public static final class A {
    @dev.herald.annotation.Subscribe
    public void onPong(Pong pong) {
      pong.hits += 1;
    }
  }

  /** Adds 2. */
  public static final class B {
    @dev.herald.annotation.Subscribe
    public void onPong(Pong pong) {
      pong.hits += 2;
    }
  }

  /** Adds 3. */
  public static final class C {
    @dev.herald.annotation.Subscribe
    public void onPong(Pong pong) {
      pong.hits += 3;
    }
  }
}
