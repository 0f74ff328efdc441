package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/**
 * A context that fails to start after its bus was made: Spring destroys its beans but publishes no
 * {@code ContextClosedEvent}, and the bus must close all the same, as docs/containers.md's
 * "Closing" says, rather than outlive the application with its threads and queued calls.
 */
class FailedStartTest {
  /** The bus the failed context made, as the bean that received it saw it. */
  static final AtomicReference<MessageBus> MADE = new AtomicReference<>();

  @BeforeEach
  void forget() {
    MADE.set(null);
  }

  /** Asks for the bus, so that it is made, and keeps it for the test. */
  static class Witness {
    Witness(MessageBus bus) {
      MADE.set(bus);
    }
  }

  /** A listener whose asynchronous handler the witness's bus has called by the failure. */
  static class Audit {
    @Subscribe(async = true)
    void onGoal(Goal goal) {}
  }

  /** A bean that cannot be made. */
  static class Broken {
    Broken() {
      throw new IllegalStateException("a bean that cannot start");
    }
  }

  @SpringBootConfiguration
  @ImportAutoConfiguration(HeraldAutoConfiguration.class)
  static class FailsHalfway {
    @Bean
    Audit audit() {
      return new Audit();
    }

    @Bean
    Witness witness(MessageBus bus) {
      bus.post(new Goal("before the failure"));
      return new Witness(bus);
    }

    @Bean
    Broken broken(Witness witness) {
      return new Broken();
    }
  }

  @Test
  void aContextThatFailsToStartClosesTheBusItMade() {
    assertThrows(
        RuntimeException.class,
        () -> new SpringApplicationBuilder(FailsHalfway.class).web(WebApplicationType.NONE).run());

    MessageBus bus = MADE.get();
    assertNotNull(bus, "the bus was made before the failure");
    assertTrue(bus.isClosed(), "the failed context left its bus open");
  }

  @SpringBootConfiguration
  @ImportAutoConfiguration({HeraldAutoConfiguration.class, HeraldNatsAutoConfiguration.class})
  static class Bridged {
    @Bean
    Witness witness(MessageBus bus) {
      return new Witness(bus);
    }
  }

  @Test
  void aNatsServerThatIsDownFailsTheStartNamingItsUrlAndClosesTheBus() throws IOException {
    int nobodyListens;
    try (ServerSocket socket = new ServerSocket(0)) {
      nobodyListens = socket.getLocalPort();
    }
    String url = "nats://127.0.0.1:" + nobodyListens;

    RuntimeException failure =
        assertThrows(
            RuntimeException.class,
            () ->
                new SpringApplicationBuilder(Bridged.class)
                    .web(WebApplicationType.NONE)
                    .properties("herald.nats.url=" + url)
                    .run());

    String messages = ListenerBeansTest.messages(failure);
    assertTrue(messages.contains("Cannot connect to the NATS server at " + url), messages);
    assertTrue(messages.contains("Is nats-server running there?"), messages);
    assertTrue(MADE.get().isClosed(), "the failed context left its bus open");
  }
}
