package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code /actuator/herald} over real HTTP when the sticky messages are odd: a {@code toString} that
 * throws or returns null, a huge one, one with quotes, control characters and other scripts. The
 * endpoint answers with JSON all the same; a diagnostic must not fail for what it diagnoses.
 */
class EndpointOddMessagesTest {
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Application {}

  /** Its toString throws. */
  static final class Unprintable {
    @Override
    public String toString() {
      throw new IllegalStateException("no text");
    }
  }

  /** Its toString returns null. */
  static final class Nameless {
    @Override
    public String toString() {
      return null;
    }
  }

  /** Its toString is whatever it was given. */
  record Text(String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  @Test
  void theEndpointAnswersWithJsonWhateverTheStickyMessagesToStringDoes() throws Exception {
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(Application.class)
            .properties(
                "server.address=127.0.0.1",
                "server.port=0",
                "management.endpoints.web.exposure.include=herald,health")
            .run()) {
      MessageBus bus = context.getBean(MessageBus.class);
      bus.sticky().post(new Unprintable());
      bus.sticky().post(new Nameless());
      bus.sticky().post(new Text("\"quoted\"\n\t\u0000\u001b[31m ünïcödé 日本 \ud83d\ude00"));
      bus.sticky().post(List.of(new Text("x".repeat(5_000_000))));

      int port = ((WebServerApplicationContext) context).getWebServer().getPort();
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + port + "/actuator/herald"))
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertEquals(200, response.statusCode(), response.body());
      String json = response.body();
      assertTrue(json.contains(Unprintable.class.getName()), json);
      assertTrue(json.contains("\\\"quoted\\\""), json);
      assertTrue(json.contains("日本"), json);
      assertTrue(json.length() < 100_000, "the huge text is cut: " + json.length());
    }
  }
}
