package dev.herald.benchmarks.coldstart;

import com.google.common.eventbus.EventBus;
import com.google.common.eventbus.Subscribe;

/** Cold start, Guava EventBus: the same program as {@link HeraldColdStart}. */
public final class GuavaColdStart {
  private GuavaColdStart() {}

  public static void main(String[] args) {
    EventBus bus = new EventBus();
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
    public void onHello(Hello hello) {
      received++;
    }
  }
}
