package dev.herald.example.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.herald.MessageBus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.RestClient;

/** The service on a real port, driven over HTTP as its clients drive it. */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OrdersApplicationTest {
  @LocalServerPort int port;

  @Autowired MessageBus bus;

  /** The executor that application.properties names for the fulfilment lane. */
  @Autowired
  @Qualifier("applicationTaskExecutor")
  ThreadPoolTaskExecutor laneExecutor;

  RestClient http;

  @BeforeEach
  void connect() {
    http = RestClient.create("http://127.0.0.1:" + port);
  }

  @Test
  void anOrderIsFulfilledOnTheLaneAndItsStatusIsTheOrderBooksReply() throws Exception {
    try (FulfilmentProbe probe = new FulfilmentProbe(bus)) {
      ResponseEntity<OrderPlaced> accepted =
          http.post()
              .uri("/orders")
              .body(new NewOrder("teapot", 2))
              .retrieve()
              .toEntity(OrderPlaced.class);
      assertThat(accepted.getStatusCode()).isEqualTo(HttpStatus.ACCEPTED);
      OrderPlaced placed = accepted.getBody();
      assertThat(placed.item()).isEqualTo("teapot");
      assertThat(accepted.getHeaders().getLocation())
          .hasToString("/orders/" + placed.id() + "/status");

      Thread fulfiller = probe.awaitFulfilment(placed.id());
      assertThat(fulfiller.getName()).startsWith(laneExecutor.getThreadNamePrefix());

      OrderStatus status =
          http.get()
              .uri(accepted.getHeaders().getLocation().toString())
              .retrieve()
              .body(OrderStatus.class);
      assertThat(status)
          .isEqualTo(new OrderStatus(placed.id(), "teapot", 2, OrderStatus.State.FULFILLED));
    }
  }

  @Test
  void anUnknownOrderHasNoStatus() {
    assertThrows(
        HttpClientErrorException.NotFound.class,
        () ->
            http.get()
                .uri("/orders/{id}/status", "00000000-0000-0000-0000-000000000000")
                .retrieve()
                .toBodilessEntity());
  }

  @Test
  void actuatorShowsTheBusItsHealthAndItsLaneQueue() {
    Map<String, Object> herald =
        http.get().uri("/actuator/herald").retrieve().body(new ParameterizedTypeReference<>() {});
    @SuppressWarnings("unchecked")
    Map<String, List<Map<String, Object>>> handlers =
        (Map<String, List<Map<String, Object>>>)
            ((Map<String, Object>) herald.get("description")).get("handlers");
    assertThat(handlers.get(OrderPlaced.class.getName()))
        .extracting(handler -> handler.get("listener"), handler -> handler.get("lane"))
        .containsExactlyInAnyOrder(
            tuple(Fulfilment.class.getName(), "fulfilment"),
            tuple(OrderBook.class.getName(), null));

    Map<String, Object> health =
        http.get()
            .uri("/actuator/health/herald")
            .retrieve()
            .body(new ParameterizedTypeReference<>() {});
    assertThat(health).containsEntry("status", "UP");

    Map<String, Object> laneQueue =
        http.get()
            .uri("/actuator/metrics/herald.bus.lane.queue?tag=lane:fulfilment")
            .retrieve()
            .body(new ParameterizedTypeReference<>() {});
    assertThat(laneQueue).containsEntry("name", "herald.bus.lane.queue");
  }
}
