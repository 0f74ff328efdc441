package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.nats.NatsBridge;
import dev.herald.testing.NatsServer;
import io.nats.client.Connection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * With herald-nats and {@code herald.nats.url}, two applications exchange messages through a real
 * NATS server; the bridge starts once the application is ready and closes with the context.
 */
class NatsBridgeWithContextTest {
  private static NatsServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    server.close();
  }

  /** Records the goals another process exported. */
  static class Stadium {
    final List<String> goals = new CopyOnWriteArrayList<>();
    final CountDownLatch received = new CountDownLatch(1);

    @Subscribe
    void onGoal(Goal goal) {
      goals.add(goal.team());
      received.countDown();
    }
  }

  @SpringBootConfiguration
  @ImportAutoConfiguration({HeraldAutoConfiguration.class, HeraldNatsAutoConfiguration.class})
  static class Application {
    @Bean
    Stadium stadium() {
      return new Stadium();
    }
  }

  private static ConfigurableApplicationContext start(String origin) {
    return new SpringApplicationBuilder(Application.class)
        .web(WebApplicationType.NONE)
        .properties(
            "herald.nats.url=" + server.url(),
            "herald.nats.origin=" + origin,
            "herald.nats.export=dev.herald.spring.Goal",
            "herald.nats.import=dev.herald.spring.Goal")
        .run();
  }

  @Test
  void twoApplicationsExchangeMessagesThroughTheServer() throws Exception {
    try (ConfigurableApplicationContext home = start("home");
        ConfigurableApplicationContext away = start("away")) {
      home.getBean(NatsBridge.class).flush(Duration.ofSeconds(10));
      away.getBean(NatsBridge.class).flush(Duration.ofSeconds(10));

      home.getBean(MessageBus.class).post(new Goal("home scores"));

      Stadium awayStadium = away.getBean(Stadium.class);
      assertTrue(awayStadium.received.await(30, TimeUnit.SECONDS));
      assertEquals(List.of("home scores"), awayStadium.goals);
      assertEquals("away", away.getBean(NatsBridge.class).origin());
    }
  }

  @Test
  void theBridgeAndTheBusCloseWithTheContext() {
    ConfigurableApplicationContext context = start("closing");
    NatsBridge bridge = context.getBean(NatsBridge.class);
    MessageBus bus = context.getBean(MessageBus.class);
    assertEquals(Connection.Status.CONNECTED, bridge.connection().getStatus());

    context.close();

    assertEquals(Connection.Status.CLOSED, bridge.connection().getStatus());
    assertTrue(bus.isClosed());
    assertFalse(context.isActive());
  }
}
