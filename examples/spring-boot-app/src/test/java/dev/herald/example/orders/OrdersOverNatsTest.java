package dev.herald.example.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.herald.MessageBus;
import dev.herald.testing.NatsServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.client.RestClient;

/**
 * Two instances of the service with the {@code nats} profile, through a NATS server of the test's
 * own: the shop front takes an order over HTTP and does not fulfil it; the warehouse receives it,
 * fulfils it on its lane, and the front hears that it was.
 */
class OrdersOverNatsTest {
  private static NatsServer nats;

  @BeforeAll
  static void startNats() throws Exception {
    nats = NatsServer.start();
  }

  @AfterAll
  static void stopNats() throws Exception {
    if (nats != null) {
      nats.close();
    }
  }

  @Test
  void anOrderTakenByOneInstanceIsFulfilledByTheOther() throws Exception {
    try (ConfigurableApplicationContext warehouse = start("warehouse", true);
        ConfigurableApplicationContext front = start("front", false);
        FulfilmentProbe atWarehouse = new FulfilmentProbe(warehouse.getBean(MessageBus.class));
        FulfilmentProbe atFront = new FulfilmentProbe(front.getBean(MessageBus.class))) {
      assertThat(front.getBeanNamesForType(Fulfilment.class)).isEmpty();

      ResponseEntity<OrderPlaced> accepted =
          http(front)
              .post()
              .uri("/orders")
              .body(new NewOrder("kettle", 1))
              .retrieve()
              .toEntity(OrderPlaced.class);
      assertThat(accepted.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
      OrderPlaced placed = accepted.getBody();

      // The warehouse fulfilled it, on its own lane...
      Thread fulfiller = atWarehouse.awaitFulfilment(placed.id());
      String lanePrefix =
          warehouse
              .getBean("applicationTaskExecutor", ThreadPoolTaskExecutor.class)
              .getThreadNamePrefix();
      assertThat(fulfiller.getName()).startsWith(lanePrefix);
      // ... and exported the fulfilment, which the front imported.
      atFront.awaitFulfilment(placed.id());

      OrderStatus fulfilled =
          new OrderStatus(placed.id(), "kettle", 1, OrderStatus.State.FULFILLED);
      assertThat(status(front, placed)).isEqualTo(fulfilled);
      assertThat(status(warehouse, placed)).isEqualTo(fulfilled);
    }
  }

  private static ConfigurableApplicationContext start(String origin, boolean fulfils) {
    return new SpringApplicationBuilder(OrdersApplication.class)
        .profiles("nats")
        .properties(
            "server.port=0",
            "herald.nats.url=" + nats.url(),
            "herald.nats.origin=" + origin,
            "orders.fulfilment.enabled=" + fulfils)
        .run();
  }

  private static OrderStatus status(ConfigurableApplicationContext instance, OrderPlaced order) {
    return http(instance)
        .get()
        .uri("/orders/{id}/status", order.id())
        .retrieve()
        .body(OrderStatus.class);
  }

  private static RestClient http(ConfigurableApplicationContext instance) {
    return RestClient.create(
        "http://127.0.0.1:" + instance.getEnvironment().getProperty("local.server.port"));
  }
}
