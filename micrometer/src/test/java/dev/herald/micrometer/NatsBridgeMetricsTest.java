package dev.herald.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.MessageBus;
import dev.herald.bridge.Bridge;
import dev.herald.nats.ImportFailedException;
import dev.herald.nats.MalformedPayloadException;
import dev.herald.nats.MessageDroppedException;
import dev.herald.nats.NatsBridge;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireCodec;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Each meter of {@link NatsBridgeMetrics}, read from a {@link SimpleMeterRegistry} after messages
 * through a real NATS server moved it.
 */
@Timeout(60)
class NatsBridgeMetricsTest {
  private static final long PATIENCE_SECONDS = 15;
  private static final String SUBJECT = "room.pings";

  private static NatsServer server;
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final BlockingQueue<Throwable> errors = new LinkedBlockingQueue<>();
  private final MessageBus sending = MessageBus.create();
  private final MessageBus receiving =
      MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();
  private final BlockingQueue<Ping> received = new LinkedBlockingQueue<>();
  private NatsBridge sender;
  private NatsBridge receiver;

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

  @AfterEach
  void close() throws Exception {
    if (sender != null) {
      sender.close();
    }
    if (receiver != null) {
      receiver.close();
    }
    sending.close();
    receiving.close();
  }

  private NatsBridge.Builder bridge(MessageBus bus, String origin) {
    return NatsBridge.builder(bus).server(server.url()).origin(origin);
  }

  /** A sender exporting pings and a receiver importing them, the receiver's bridge bound. */
  private void connect(CodecRegistry receiverCodecs) throws Exception {
    sender = bridge(sending, "sender").exportType(Ping.class, SUBJECT).start();
    Bridge.of(receiving)
        .respond(
            Ping.class,
            (ping, envelope) -> {
              received.add(ping);
              return List.of();
            });
    receiver = bridge(receiving, "receiver").codecs(receiverCodecs).importSubject(SUBJECT).start();
    new NatsBridgeMetrics(receiver).bindTo(registry);
  }

  private double count(String name) {
    FunctionCounter counter = registry.get(name).functionCounter();
    assertNotNull(counter.getId().getDescription(), name + " has a description");
    assertNotNull(counter.getId().getBaseUnit(), name + " has a base unit");
    return counter.count();
  }

  private void awaitPings(int count) throws InterruptedException {
    for (int i = 0; i < count; i++) {
      assertNotNull(received.poll(PATIENCE_SECONDS, TimeUnit.SECONDS), "ping " + i);
    }
  }

  private <E extends Throwable> E nextError(Class<E> type) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(PATIENCE_SECONDS);
    for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
      Throwable error = errors.poll(left, TimeUnit.NANOSECONDS);
      if (type.isInstance(error)) {
        return type.cast(error);
      }
    }
    return fail("no " + type.getSimpleName() + " within " + PATIENCE_SECONDS + " s: " + errors);
  }

  @Test
  void sentCountsWhatTheBridgeHandedToNats() throws Exception {
    connect(CodecRegistry.load());
    new NatsBridgeMetrics(sender, Tags.of("side", "sender")).bindTo(registry);
    assertEquals(
        0, registry.get("herald.nats.sent").tag("side", "sender").functionCounter().count());

    for (int i = 0; i < 5; i++) {
      sending.post(new Ping("ping " + i));
    }
    awaitPings(5);

    assertEquals(
        5, registry.get("herald.nats.sent").tag("side", "sender").functionCounter().count());
    assertNotNull(
        registry
            .get("herald.nats.sent")
            .tag("side", "sender")
            .functionCounter()
            .getId()
            .getDescription());
  }

  @Test
  void receivedCountsWhatTheBridgePostedOnTheBus() throws Exception {
    connect(CodecRegistry.load());
    assertEquals(0, count("herald.nats.received"));

    for (int i = 0; i < 5; i++) {
      sending.post(new Ping("ping " + i));
    }
    awaitPings(5);

    assertEquals(5, count("herald.nats.received"));
  }

  @Test
  void lostCountsWhatNeverReachedAHandler() throws Exception {
    connect(CodecRegistry.of(new HostilePingCodec()));

    sending.post(new Ping("hostile"));
    sending.post(new Ping("after"));
    awaitPings(1);
    nextError(ImportFailedException.class);

    assertEquals(1, count("herald.nats.lost"));
    assertEquals(receiver.lostCount(), count("herald.nats.lost"));
  }

  @Test
  void droppedCountsWhatCouldNotBeHandedToNats() throws Exception {
    Connection connection = Nats.connect(server.url());
    MessageBus bus =
        MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();
    try (bus) {
      NatsBridge closing =
          NatsBridge.builder(bus).connection(connection).exportType(Ping.class, SUBJECT).start();
      new NatsBridgeMetrics(closing).bindTo(registry);
      connection.close();

      bus.post(new Ping("into a closed connection"));
      nextError(MessageDroppedException.class);

      assertEquals(1, count("herald.nats.dropped"));
      closing.close();
    }
  }

  @Test
  void malformedCountsWhatCouldNotBeRead() throws Exception {
    connect(CodecRegistry.load());
    try (Connection raw = Nats.connect(server.url())) {
      // the subject as a bridge publishes it: the sender's origin as the second token
      raw.publish("room.stranger.pings", new byte[] {(byte) 0xFF, 1, 2});
      raw.publish("room.stranger.pings", new byte[] {(byte) 0xFF, 3});
      raw.flush(Duration.ofSeconds(PATIENCE_SECONDS));
    }
    nextError(MalformedPayloadException.class);
    nextError(MalformedPayloadException.class);

    assertEquals(2, count("herald.nats.malformed"));
  }

  @Test
  void importFailuresCountEveryFailedImportReported() throws Exception {
    connect(CodecRegistry.of(new HostilePingCodec()));

    sending.post(new Ping("hostile"));
    sending.post(new Ping("hostile"));
    sending.post(new Ping("after"));
    awaitPings(1);
    nextError(ImportFailedException.class);
    nextError(ImportFailedException.class);

    assertEquals(2, count("herald.nats.import.failures"));
    assertTrue(errors.isEmpty(), errors.toString());
  }

  /** Ping's codec, but decoding the text "hostile" runs out of memory, as a huge length would. */
  static final class HostilePingCodec extends WireCodec<Ping> {
    HostilePingCodec() {
      super(Ping_Codec.ID, Ping.class);
    }

    @Override
    public void encode(Ping value, WireWriter out) {
      Ping_Codec.INSTANCE.encode(value, out);
    }

    @Override
    public Ping decode(WireReader in) {
      Ping ping = Ping_Codec.INSTANCE.decode(in);
      if ("hostile".equals(ping.text())) {
        throw new OutOfMemoryError("Java heap space (a hostile length)");
      }
      return ping;
    }
  }
}
