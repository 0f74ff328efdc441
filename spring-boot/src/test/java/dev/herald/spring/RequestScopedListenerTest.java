package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.annotation.RequestScope;

/**
 * A request-scoped listener in a real web application, served by the embedded server: each
 * request's own bean receives what is posted while the request is served, and leaves the bus when
 * the request ends.
 */
class RequestScopedListenerTest {
  /** Posts a goal and answers how many received it, and what the request's scoreboard saw. */
  @RestController
  static class Goals {
    private final MessageBus bus;
    private final Scoreboard requestsScoreboard;

    Goals(MessageBus bus, Scoreboard requestsScoreboard) {
      this.bus = bus;
      this.requestsScoreboard = requestsScoreboard;
    }

    @GetMapping("/goal")
    String goal() {
      requestsScoreboard.goals(); // the scoped proxy makes this request's bean
      int received = bus.post(new Goal("web"));
      return received + " " + requestsScoreboard.goals();
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(Goals.class)
  static class Application {
    @Bean
    @RequestScope
    Scoreboard requestsScoreboard() {
      return new Scoreboard();
    }
  }

  /**
   * Whether the bus forgets the request's bean: the server ends the request scope after the
   * response is written, so the client may read the response first.
   */
  private static boolean scopeEnds(MessageBus bus) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (bus.describe().registrations() > 0) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.yield();
    }
    return true;
  }

  @Test
  void eachRequestsListenerReceivesWhileItsRequestIsServedAndLeavesTheBusAfter() throws Exception {
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(Application.class)
            .properties("server.address=127.0.0.1", "server.port=0")
            .run()) {
      int port = ((WebServerApplicationContext) context).getWebServer().getPort();
      HttpClient http = HttpClient.newHttpClient();
      HttpRequest request =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/goal"))
              .timeout(Duration.ofSeconds(30))
              .build();

      MessageBus bus = context.getBean(MessageBus.class);

      for (int i = 0; i < 3; i++) {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals("1 [web]", response.body(), "each request's own scoreboard, alone");
        assertTrue(scopeEnds(bus), "the request's scoreboard is still registered");
      }

      assertEquals(0, bus.post(new Goal("between requests")));
    }
  }
}
