package dev.herald.micrometer;

import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.udp.UdpNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Runs nodes on the test's thread, on the loopback interface, until something has happened. */
final class Loopback {
  static final InetSocketAddress ANY_PORT =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

  /** How long a test waits for something that should happen: a bound, never a delay. */
  static final Duration PATIENCE = Duration.ofSeconds(20);

  private Loopback() {}

  /** Updates {@code nodes} until {@code done} holds; fails with {@code what} after the patience. */
  static void until(String what, BooleanSupplier done, UdpNode... nodes) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
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
}
