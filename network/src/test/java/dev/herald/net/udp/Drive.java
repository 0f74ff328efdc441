package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Runs nodes in update mode on the test's thread until something has happened, waiting on the
 * sockets in between. Bounded: a run that takes longer than {@link #LIMIT} fails the test.
 */
public final class Drive {

  public static final Duration LIMIT = Duration.ofSeconds(20);

  private Drive() {}

  /**
   * Updates {@code nodes} until {@code done} holds; fails with {@code what} after {@link #LIMIT}.
   */
  public static void until(String what, BooleanSupplier done, UdpNode... nodes) {
    long deadline = System.nanoTime() + LIMIT.toNanos();
    while (true) {
      for (UdpNode node : nodes) {
        node.update();
      }
      if (done.getAsBoolean()) {
        return;
      }
      if (System.nanoTime() - deadline > 0) {
        fail("gave up waiting until " + what);
      }
      try {
        nodes[0].awaitDatagram(Duration.ofMillis(2));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Updates {@code nodes} {@code rounds} times, waiting up to {@code wait} for a datagram each
   * time.
   */
  public static void rounds(int rounds, Duration wait, UdpNode... nodes) {
    for (int i = 0; i < rounds; i++) {
      for (UdpNode node : nodes) {
        node.update();
      }
      try {
        nodes[0].awaitDatagram(wait);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
