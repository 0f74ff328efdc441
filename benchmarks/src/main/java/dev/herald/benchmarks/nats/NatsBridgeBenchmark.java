package dev.herald.benchmarks.nats;

import dev.herald.MessageBus;
import dev.herald.nats.NatsBridge;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Dispatcher;
import io.nats.client.Nats;
import java.time.Duration;
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

/**
 * Messages per second from one bus to another through a NATS server on loopback (each bus with
 * its own connection), against the limit: raw jnats publishing the same frame bytes from one
 * connection to a subscription on another. A benchmark operation is one message; each invocation
 * sends a batch of {@value #BATCH} and waits until the receiving side has all of them.
 *
 * <p>Needs a server: {@code -Dherald.nats.url=nats://127.0.0.1:4222} (the default). Run:
 * {@code java -Dherald.nats.url=... -jar benchmarks/target/benchmarks.jar NatsBridge}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class NatsBridgeBenchmark {
  static final int BATCH = 10_000;
  static final String RAW_SUBJECT = "bench.raw";

  private MessageBus sending;
  private MessageBus receiving;
  private NatsBridge exporter;
  private NatsBridge importer;
  private Connection rawPublisher;
  private Connection rawSubscriber;
  private byte[] frame;
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
  public void connect() throws Exception {
    sending = MessageBus.create();
    receiving = MessageBus.create();
    receiving.subscribe(Tick.class, message -> bridged.arrived());
    exporter = NatsBridge.builder(sending).server(url()).exportType(Tick.class, "bench.bridged").start();
    importer = NatsBridge.builder(receiving).server(url()).importSubject("bench.bridged").start();

    frame = CodecRegistry.load().toBytes(tick);
    rawPublisher = Nats.connect(url());
    rawSubscriber = Nats.connect(url());
    Dispatcher dispatcher = rawSubscriber.createDispatcher(message -> raw.arrived());
    dispatcher.subscribe(RAW_SUBJECT);
    rawSubscriber.flush(Duration.ofSeconds(5));
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

  /** The limit: the same bytes through jnats alone, publish to a subscription's handler. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public void rawJnats() throws InterruptedException {
    raw.expect(BATCH);
    for (int i = 0; i < BATCH; i++) {
      rawPublisher.publish(RAW_SUBJECT, frame);
    }
    raw.await();
  }
}
