package dev.herald.benchmarks.coldstart;

/**
 * Cold start without a bus: the same program delivering its message by a direct call. It is
 * the floor, the JVM's own start and exit, that the three buses' times include.
 */
public final class NoBusColdStart {
  private NoBusColdStart() {}

  public static void main(String[] args) {
    Greeter greeter = new Greeter();
    greeter.onHello(new Hello("world"));
    System.exit(greeter.received == 1 ? 0 : 1);
  }

  public static final class Hello {
    final String name;

    Hello(String name) {
      this.name = name;
    }
  }

  public static final class Greeter {
    int received;

    void onHello(Hello hello) {
      received++;
    }
  }
}
