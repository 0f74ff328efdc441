package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request that a process receives but does not answer: reported as a timeout every time, and
 * timed by the bridge's own {@code requestTimeout}, not by the client's cleanup of old requests.
 */
@Timeout(60)
class RequestTimeoutTest {
  private static final int REQUESTS = 20;
  private static final Duration TIMEOUT = Duration.ofMillis(150);
  /**
   * Far more than a request needs beyond its timeout (a few milliseconds), far less than the
   * second the bridge once added to it: a bound on a call that must return, not a measurement.
   */
  private static final Duration SLACK = Duration.ofMillis(700);

  private static NatsServer server;

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void everyUnansweredRequestReturnsAfterTheTimeoutAndIsReportedAsATimeout() throws Exception {
    try (Peer asker = new Peer(); Peer silent = new Peer()) {
      asker.start(asker.bridge(server).exportType(ScoreQuery.class).requestTimeout(TIMEOUT));
      silent.start(silent.bridge(server).importType(ScoreQuery.class)); // receives, never answers

      for (int i = 0; i < REQUESTS; i++) {
        long start = System.nanoTime();
        List<ScoreReply> replies = asker.bus.request(new ScoreQuery("q" + i), ScoreReply.class);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertEquals(List.of(), replies);
        assertTrue(took.compareTo(TIMEOUT.plus(SLACK)) < 0,
            "request " + i + " returned after " + took.toMillis() + " ms, with a timeout of " + TIMEOUT.toMillis() + " ms");
        Throwable error = asker.errors.poll();
        assertTrue(error instanceof RequestTimeoutException,
            "request " + i + " should be reported as a timeout, when it returned, but the error handler had " + error);
        assertTrue(asker.errors.isEmpty(), asker.errors.toString());
      }
      assertTrue(silent.errors.isEmpty(), silent.errors.toString());
    }
  }
}
