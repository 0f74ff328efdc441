package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * With Actuator, the bus is described at {@code /actuator/herald} and its health at {@code
 * /actuator/health/herald}, served by the embedded server over real HTTP; its meters are in the
 * context's registry.
 */
class ActuatorOverHttpTest {
  private static ConfigurableApplicationContext context;
  private static final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {
    @Bean
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @BeforeAll
  static void start() {
    context =
        new SpringApplicationBuilder(Application.class)
            .properties(
                "server.address=127.0.0.1",
                "server.port=0",
                "management.endpoints.web.exposure.include=herald,health",
                "management.endpoint.health.show-details=always")
            .run();
  }

  @AfterAll
  static void stop() {
    context.close();
  }

  private static HttpResponse<String> get(String path) throws Exception {
    int port = ((WebServerApplicationContext) context).getWebServer().getPort();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(30))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theEndpointServesTheDescriptionAndStatisticsAsJson() throws Exception {
    MessageBus bus = context.getBean(MessageBus.class);
    bus.post("nobody listens to strings");

    HttpResponse<String> response = get("/actuator/herald");

    assertEquals(200, response.statusCode(), response.body());
    String json = response.body();
    assertTrue(response.headers().firstValue("Content-Type").orElse("").contains("json"), json);
    assertTrue(json.contains("\"dev.herald.spring.Goal\""), json);
    assertTrue(json.contains("\"method\":\"dev.herald.spring.Scoreboard.onGoal\""), json);
    assertTrue(json.contains("\"deadMessages\":1"), json);
    assertTrue(json.contains("\"closed\":false"), json);
  }

  @Test
  void theHealthIndicatorReportsTheBusUp() throws Exception {
    HttpResponse<String> response = get("/actuator/health/herald");

    assertEquals(200, response.statusCode(), response.body());
    assertTrue(response.body().contains("\"status\":\"UP\""), response.body());
    assertTrue(response.body().contains("\"handlerFailures\""), response.body());
  }

  @Test
  void theBusMetersAreBoundToTheContextsRegistry() {
    MeterRegistry registry = context.getBean(MeterRegistry.class);

    assertNotNull(registry.find("herald.bus.dead.messages").functionCounter());
    assertNotNull(registry.find("herald.bus.async.queue").gauge());
  }
}
