package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.testing.NatsServer;
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
   * Far more than a request needs beyond its timeout (a few milliseconds), far less than the second
   * the bridge once added to it: a bound on a call that must return, not a measurement.
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
    try (Peer asker = new Peer();
        Peer silent = new Peer()) {
      asker.start(asker.bridge(server).exportType(ScoreQuery.class).requestTimeout(TIMEOUT));
      silent.start(silent.bridge(server).importType(ScoreQuery.class)); // receives, never answers

      for (int i = 0; i < REQUESTS; i++) {
        long start = System.nanoTime();
        List<ScoreReply> replies = asker.bus.request(new ScoreQuery("q" + i), ScoreReply.class);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertEquals(List.of(), replies);
        assertTrue(
            took.compareTo(TIMEOUT.plus(SLACK)) < 0,
            "request "
                + i
                + " returned after "
                + took.toMillis()
                + " ms, with a timeout of "
                + TIMEOUT.toMillis()
                + " ms");
        Throwable error = asker.errors.poll();
        assertTrue(
            error instanceof RequestTimeoutException,
            "request "
                + i
                + " should be reported as a timeout, when it returned, but the error handler had "
                + error);
        assertTrue(asker.errors.isEmpty(), asker.errors.toString());
      }
      assertTrue(silent.errors.isEmpty(), silent.errors.toString());
    }
  }

  @Test
  void aRequestCutShortByTheBridgeClosingIsReportedUnderItsSubject() throws Exception {
    try (Peer asker = new Peer();
        Peer slow = new Peer()) {
      asker.start(
          asker
              .bridge(server)
              .origin("asker")
              .exportType(ScoreQuery.class)
              .requestTimeout(Duration.ofSeconds(30)));
      java.util.concurrent.CountDownLatch received = new java.util.concurrent.CountDownLatch(1);
      java.util.concurrent.CountDownLatch answer = new java.util.concurrent.CountDownLatch(1);
      dev.herald.bridge.Bridge.of(slow.bus)
          .respond(
              ScoreQuery.class,
              (query, envelope) -> {
                received.countDown();
                try {
                  answer.await(Peer.PATIENCE_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                return List.of(new ScoreReply("red", 1));
              });
      slow.start(slow.bridge(server).importType(ScoreQuery.class));

      java.util.concurrent.CompletableFuture<List<ScoreReply>> replies =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> asker.bus.request(new ScoreQuery("cut short"), ScoreReply.class));
      assertTrue(received.await(Peer.PATIENCE_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
      asker.bridge.close(); // the request is still waiting for its answer
      assertEquals(
          List.of(), replies.get(Peer.PATIENCE_SECONDS, java.util.concurrent.TimeUnit.SECONDS));
      answer.countDown();

      RequestTimeoutException unanswered = asker.nextError(RequestTimeoutException.class);
      assertEquals("herald." + ScoreQuery.class.getCanonicalName(), unanswered.subject());
    }
  }
}
