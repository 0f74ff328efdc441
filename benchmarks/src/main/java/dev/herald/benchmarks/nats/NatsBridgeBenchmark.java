package dev.herald.benchmarks.nats;

import dev.herald.MessageBus;
import dev.herald.nats.NatsBridge;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireWriter;
import io.nats.client.Connection;
import io.nats.client.Dispatcher;
import io.nats.client.Nats;
import io.nats.client.Options;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Messages per second from one bus to another through a NATS server on loopback (each bus with its
 * own connection), against the limit: raw jnats publishing the same payload bytes (those the bridge
 * publishes: its prelude and the frame) on a subject as long as the bridge's (which carries the
 * exporter's origin) from one connection to a subscription's handler on another, with the client
 * options the bridge sets that matter per message (no echo). A benchmark operation is one message;
 * each invocation sends a batch of {@value #BATCH} and waits until the receiving side has all of
 * them, for either path. {@link #rawJnatsFrameOnly} publishes the frame without the prelude, to
 * show what the prelude's bytes cost.
 *
 * <p>Each trial first sends messages on the path it measures for {@value #WARM_UP_SECONDS} seconds:
 * compiling jnats's and the bridge's code takes several seconds on a small machine, longer than a
 * short run's warm-up, and both paths then ran at a fraction of their speed, Herald's more so (more
 * code to compile).
 *
 * <p>Needs a server: {@code -Dherald.nats.url=nats://127.0.0.1:4222} (the default). Run: {@code
 * java -Dherald.nats.url=... -jar benchmarks/target/benchmarks.jar NatsBridge}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NatsBridgeBenchmark {
  static final int BATCH = 10_000;
  static final int WARM_UP_SECONDS = 8;

  /** The exporting bridge's name: about as long as a made-up one ("p" and up to 12 hex digits). */
  static final String ORIGIN = "pbenchexporter";

  /**
   * The subjects of the two paths, of the same length as published: jnats checks and writes the
   * subject of every message, the server parses and matches it, the receiving client reads it, so a
   * shorter one would make the raw path cheaper for that alone. The bridge publishes {@code
   * bench.bridged} as {@code bench.pbenchexporter.bridged}: its origin is the second token.
   */
  static final String BRIDGED_SUBJECT = "bench.bridged";

  static final String RAW_SUBJECT = "bench." + ORIGIN + ".rawnats";

  private MessageBus sending;
  private MessageBus receiving;
  private NatsBridge exporter;
  private NatsBridge importer;
  private Connection rawPublisher;
  private Connection rawSubscriber;
  private byte[] frame;
  private byte[] payload;
  private final Tick tick = new Tick(1234567, "sensor-7");
  private final Counter bridged = new Counter();
  private final Counter raw = new Counter();

  /** Counts arrivals and opens a latch when a batch is complete. */
  static final class Counter {
    private final AtomicLong received = new AtomicLong();
    private volatile long target;
    private volatile CountDownLatch done;

    void expect(int more) {
      done = new CountDownLatch(1);
      target = received.get() + more;
    }

    void arrived() {
      if (received.incrementAndGet() == target) {
        done.countDown();
      }
    }

    void await() throws InterruptedException {
      if (!done.await(60, TimeUnit.SECONDS)) {
        throw new IllegalStateException("messages were lost: " + received.get() + " of " + target);
      }
    }
  }

  static String url() {
    return System.getProperty("herald.nats.url", "nats://127.0.0.1:4222");
  }

  @Setup(Level.Trial)
  public void connect(BenchmarkParams params) throws Exception {
    open();
    warmUp(params.getBenchmark());
  }

  /** Both buses with their bridges, and the raw connections, subscribed. */
  void open() throws Exception {
    sending = MessageBus.create();
    receiving = MessageBus.create();
    receiving.subscribe(Tick.class, message -> bridged.arrived());
    exporter =
        NatsBridge.builder(sending)
            .server(url())
            .origin(ORIGIN)
            .exportType(Tick.class, BRIDGED_SUBJECT)
            .start();
    importer = NatsBridge.builder(receiving).server(url()).importSubject(BRIDGED_SUBJECT).start();

    frame = CodecRegistry.load().toBytes(tick);
    // a number of four bytes, as the bridge's own are once its warm-up has sent 2^20 messages
    payload = bridgePayload(frame, 10_000_000);
    Options options = new Options.Builder().server(url()).noEcho().build();
    rawPublisher = Nats.connect(options);
    rawSubscriber = Nats.connect(options);
    Dispatcher dispatcher = rawSubscriber.createDispatcher(message -> raw.arrived());
    dispatcher.subscribe(RAW_SUBJECT);
    rawSubscriber.flush(Duration.ofSeconds(5));
  }

  /**
   * What the bridge publishes for {@code frame}: a 0 byte, its incarnation (eight bytes), the
   * number, the frame.
   */
  static byte[] bridgePayload(byte[] frame, long number) {
    WireWriter out = WireWriter.growable(64);
    out.writeByte((byte) 0);
    long incarnation = System.currentTimeMillis() << 22;
    for (int i = 0; i < 8; i++) {
      out.writeByte((byte) (incarnation >>> (8 * i)));
    }
    out.writeLong(number);
    byte[] prelude = out.toByteArray();
    byte[] payload = Arrays.copyOf(prelude, prelude.length + frame.length);
    System.arraycopy(frame, 0, payload, prelude.length, frame.length);
    return payload;
  }

  private void warmUp(String benchmark) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WARM_UP_SECONDS);
    while (System.nanoTime() < end) {
      if (benchmark.endsWith(".herald")) {
        herald();
      } else if (benchmark.endsWith(".rawJnats")) {
        rawJnats();
      } else {
        rawJnatsFrameOnly();
      }
    }
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    exporter.close();
    importer.close();
    rawPublisher.close();
    rawSubscriber.close();
    sending.close();
    receiving.close();
  }

  /** Herald: posted on one bus, exported, imported, delivered to a handler on the other. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void herald() throws InterruptedException {
    bridged.expect(BATCH);
    for (int i = 0; i < BATCH; i++) {
      sending.post(tick);
    }
    bridged.await();
  }

  /** The bare frame through jnats alone, without the bridge's prelude: what those bytes cost. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void rawJnatsFrameOnly() throws InterruptedException {
    raw.expect(BATCH);
    for (int i = 0; i < BATCH; i++) {
      rawPublisher.publish(RAW_SUBJECT, frame);
    }
    raw.await();
  }

  /** The limit: the bridge's bytes through jnats alone, publish to a subscription's handler. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void rawJnats() throws InterruptedException {
    raw.expect(BATCH);
    for (int i = 0; i < BATCH; i++) {
      rawPublisher.publish(RAW_SUBJECT, payload);
    }
    raw.await();
  }
}
