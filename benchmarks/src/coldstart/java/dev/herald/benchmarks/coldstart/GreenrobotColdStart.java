package dev.herald.benchmarks.coldstart;

import org.greenrobot.eventbus.EventBus;
import org.greenrobot.eventbus.Subscribe;

/** Cold start, greenrobot EventBus: the same program as {@link HeraldColdStart}. */
public final class GreenrobotColdStart {
  private GreenrobotColdStart() {}

  public static void main(String[] args) {
    EventBus bus = EventBus.builder().build();
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
