package dev.herald.benchmarks.coldstart;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;

/**
 * Cold start, Herald: create a bus, register one listener, deliver one message, exit.
 * {@code benchmarks/coldstart.sh} times it as a whole process; exit status 1 if the message
 * was not delivered.
 */
public final class HeraldColdStart {
  private HeraldColdStart() {}

  public static void main(String[] args) {
    MessageBus bus = MessageBus.create();
    Greeter greeter = new Greeter();
    bus.register(greeter);
    bus.post(new Hello("world"));
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

    @Subscribe
    void onHello(Hello hello) {
      received++;
    }
  }
}
