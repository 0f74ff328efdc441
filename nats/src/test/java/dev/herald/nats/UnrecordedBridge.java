package dev.herald.nats;

import dev.herald.MessageBus;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A program, run in a JVM of its own by {@link FlightEventsLoadingTest}, that takes every path on
 * which a bridge records a Flight Recorder event: a lost connection's change, a gap, a dropped
 * message, a malformed payload, a failed import, a closed connection. It exits 0 once each has been
 * taken, as the bridge's counters show, and 1 if one was not.
 */
final class UnrecordedBridge {
  private UnrecordedBridge() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    MessageBus bus = MessageBus.builder().errorHandler((error, context) -> {}).build();
    NatsBridge receiver =
        NatsBridge.builder(bus)
            .server(url)
            .origin("cold")
            .codecs(CodecRegistry.of(new ImportErrorTest.HostileChatCodec()))
            .importSubject("room.chat")
            .start();
    CodecRegistry codecs = CodecRegistry.load();
    String subject = Subjects.withOrigin("room.chat", "raw");
    long incarnation = Prelude.incarnation(System.currentTimeMillis(), 3);
    try (Connection raw = Nats.connect(url)) {
      raw.publish(subject, new byte[] {(byte) 0xFF, 1, 2}); // malformed
      raw.publish(subject, Prelude.write(codecs, incarnation, 1, new Chat("one")));
      raw.publish(subject, Prelude.write(codecs, incarnation, 5, new Chat("five"))); // a gap
      raw.publish(subject, Prelude.write(codecs, incarnation, 6, new Chat("hostile"))); // fails
      raw.flush(Duration.ofSeconds(10));

      Connection closing = Nats.connect(url);
      MessageBus sending = MessageBus.builder().errorHandler((error, context) -> {}).build();
      NatsBridge sender =
          NatsBridge.builder(sending)
              .connection(closing)
              .exportType(Chat.class, "room.other")
              .start();
      closing.close();
      sending.post(new Chat("into a closed connection")); // dropped
      sender.close();
      sending.close();

      boolean all =
          await(() -> receiver.counters().malformed() == 1)
              & await(() -> receiver.counters().importFailures() == 1)
              & await(() -> receiver.lostCount() == 3 + 1)
              & sender.droppedCount() == 1;
      receiver.close(); // its connection's close is a change of connection
      bus.close();
      System.out.println(
          "counters " + receiver.counters() + ", sender dropped " + sender.droppedCount());
      System.exit(all ? 0 : 1);
    }
  }

  private static boolean await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Peer.PATIENCE_SECONDS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      TimeUnit.MILLISECONDS.sleep(10); // bounded polling on the counters
    }
    return true;
  }
}
