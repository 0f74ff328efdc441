package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.nats.NatsBridge;
import dev.herald.testing.NatsServer;
import io.nats.client.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A parent context and a child, both with the auto-configuration, as {@code
 * SpringApplicationBuilder.child} and web applications with several dispatcher contexts make them:
 * the child's listeners join the parent's bus, and the child closing takes them out of it, but
 * closes neither the parent's bus nor its NATS bridge.
 */
class ContextHierarchyTest {
  @SpringBootConfiguration
  @ImportAutoConfiguration({HeraldAutoConfiguration.class, HeraldNatsAutoConfiguration.class})
  static class Parent {
    @Bean
    Scoreboard parentScoreboard() {
      return new Scoreboard();
    }
  }

  @SpringBootConfiguration
  @ImportAutoConfiguration({HeraldAutoConfiguration.class, HeraldNatsAutoConfiguration.class})
  static class Child {
    @Bean
    Scoreboard childScoreboard() {
      return new Scoreboard();
    }
  }

  private static ConfigurableApplicationContext parent(String... properties) {
    return new SpringApplicationBuilder(Parent.class)
        .web(WebApplicationType.NONE)
        .properties(properties)
        .run();
  }

  private static ConfigurableApplicationContext child(ConfigurableApplicationContext parent) {
    return new SpringApplicationBuilder(Child.class)
        .parent(parent)
        .web(WebApplicationType.NONE)
        .run();
  }

  @Test
  void theChildsListenersJoinTheParentsBusAndLeaveItOpenWhenTheChildCloses() {
    try (ConfigurableApplicationContext parent = parent()) {
      MessageBus bus = parent.getBean(MessageBus.class);
      ConfigurableApplicationContext child = child(parent);
      assertSame(bus, child.getBean(MessageBus.class));
      assertEquals(2, bus.post(new Goal("both")));

      child.close();

      assertFalse(bus.isClosed(), "the child closed its parent's bus");
      assertEquals(1, bus.post(new Goal("parent only")));
      assertEquals(List.of("both", "parent only"), parent.getBean(Scoreboard.class).goals());
    }
  }

  @Test
  void theChildClosingLeavesTheParentsNatsBridgeConnected() throws Exception {
    try (NatsServer server = NatsServer.start();
        ConfigurableApplicationContext parent = parent("herald.nats.url=" + server.url())) {
      NatsBridge bridge = parent.getBean(NatsBridge.class);
      ConfigurableApplicationContext child = child(parent);

      child.close();

      assertEquals(Connection.Status.CONNECTED, bridge.connection().getStatus());
      assertFalse(parent.getBean(MessageBus.class).isClosed());
    }
  }

  @Test
  void theParentClosingClosesItsBusAndBridgeAfterTheChild() throws Exception {
    try (NatsServer server = NatsServer.start()) {
      ConfigurableApplicationContext parent = parent("herald.nats.url=" + server.url());
      MessageBus bus = parent.getBean(MessageBus.class);
      NatsBridge bridge = parent.getBean(NatsBridge.class);
      ConfigurableApplicationContext child = child(parent);
      child.close();

      parent.close();

      assertTrue(bus.isClosed());
      assertEquals(Connection.Status.CLOSED, bridge.connection().getStatus());
    }
  }
}
