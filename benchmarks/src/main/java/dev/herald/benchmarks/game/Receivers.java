package dev.herald.benchmarks.game;

/** Receiver arrays for the game-stack scenarios, and the check that handlers ran. */
final class Receivers {
  private Receivers() {}

  /** {@code count} receivers: all of class A, or of classes A, B and C in turn. */
  static HitListener[] of(int count, int classes) {
    if (classes != 1 && classes != 3) {
      throw new IllegalArgumentException("One class or three, not " + classes);
    }
    HitListener[] receivers = new HitListener[count];
    for (int i = 0; i < count; i++) {
      switch (i % classes) {
        case 0:
          receivers[i] = new ReceiverA();
          break;
        case 1:
          receivers[i] = new ReceiverB();
          break;
        default:
          receivers[i] = new ReceiverC();
          break;
      }
    }
    return receivers;
  }

  /**
   * Throws unless every receiver handled messages, and all of them the same number: each message
   * reached each receiver once.
   */
  static void checkAllReached(HitListener[] receivers) {
    long first = receivers[0].received();
    for (HitListener receiver : receivers) {
      if (receiver.received() == 0 || receiver.received() != first) {
        throw new IllegalStateException(
            "Not every receiver got every message: the benchmark measured something else ("
                + first
                + " against "
                + receiver.received()
                + ")");
      }
    }
  }
}
