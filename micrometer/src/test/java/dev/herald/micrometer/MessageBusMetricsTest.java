package dev.herald.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.PostChainTooDeepException;
import dev.herald.Stage;
import dev.herald.annotation.Subscribe;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each meter of {@link MessageBusMetrics}, read from a {@link SimpleMeterRegistry} before and after
 * the bus did what it counts.
 */
class MessageBusMetricsTest {
  /** Runs what it is given only when the test says so, so queues stay as deep as the test made. */
  static final class HeldExecutor implements Executor {
    private final Queue<Runnable> held = new ArrayDeque<>();

    @Override
    public void execute(Runnable task) {
      held.add(task);
    }

    void runAll() {
      for (Runnable task = held.poll(); task != null; task = held.poll()) {
        task.run();
      }
    }
  }

  record Shot(int damage) {}

  record Weather(String kind) {}

  static final class Failing {
    @Subscribe
    void on(Shot shot) {
      throw new IllegalStateException("out of ammunition");
    }
  }

  static final class Slow {
    @Subscribe(lane = "ui")
    void draw(Weather weather) {}

    @Subscribe(async = true)
    void save(Weather weather) {}
  }

  private final HeldExecutor ui = new HeldExecutor();
  private final HeldExecutor executor = new HeldExecutor();
  private final MessageBus bus =
      MessageBus.builder()
          .errorHandler((error, context) -> {})
          .lane("ui", ui)
          .executor(executor)
          .build();
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  @AfterEach
  void close() {
    ui.runAll();
    executor.runAll();
    bus.close();
  }

  private double counter(String name) {
    FunctionCounter counter = registry.find(name).functionCounter();
    assertNotNull(counter, name + " is not registered");
    return counter.count();
  }

  private double gauge(String name) {
    Gauge gauge = registry.find(name).gauge();
    assertNotNull(gauge, name + " is not registered");
    return gauge.value();
  }

  @Test
  void failuresDeadMessagesAndDeepChainsAreCounted() {
    new MessageBusMetrics(bus).bindTo(registry);
    bus.register(new Failing());
    assertEquals(0, counter("herald.bus.handler.failures"));
    assertEquals(0, counter("herald.bus.dead.messages"));
    assertEquals(0, counter("herald.bus.post.chains.too.deep"));

    bus.post(new Shot(3));
    bus.post(new Shot(4));
    bus.post("nobody listens to strings");

    assertEquals(2, counter("herald.bus.handler.failures"));
    assertEquals(1, counter("herald.bus.dead.messages"));
  }

  @Test
  void chainsTooDeepAreCounted() {
    new MessageBusMetrics(bus).bindTo(registry);
    bus.subscribe(Shot.class, new Repost(bus));

    assertThrows(PostChainTooDeepException.class, () -> bus.post(new Shot(1)));

    assertEquals(1, counter("herald.bus.post.chains.too.deep"));
  }

  /** Posts another shot for every shot, without end, so the chain grows until the bus stops it. */
  static final class Repost implements java.util.function.Consumer<Shot> {
    private final MessageBus bus;

    Repost(MessageBus bus) {
      this.bus = bus;
    }

    @Override
    public void accept(Shot shot) {
      bus.post(new Shot(shot.damage() + 1));
    }
  }

  @Test
  void queuesAndStickyMessagesAreGauged() {
    new MessageBusMetrics(bus, Tags.of("bus", "game")).bindTo(registry);
    bus.register(new Slow());

    bus.post(new Weather("rain"));
    bus.post(new Weather("fog"));
    bus.sticky().post(new Weather("snow"));
    bus.post(new Weather("hail"), Header.builder().stage(Stage.UPDATE).build());

    Gauge lane =
        registry.find("herald.bus.lane.queue").tag("lane", "ui").tag("bus", "game").gauge();
    assertNotNull(lane, "no gauge for the ui lane");
    assertEquals(3, lane.value());
    assertEquals(3, gauge("herald.bus.async.queue"));
    assertEquals(1, gauge("herald.bus.sticky.messages"));
    assertEquals(1, gauge("herald.bus.stage.queue"));

    ui.runAll();
    executor.runAll();
    assertEquals(0, lane.value());
    assertEquals(0, gauge("herald.bus.async.queue"));
  }
}
