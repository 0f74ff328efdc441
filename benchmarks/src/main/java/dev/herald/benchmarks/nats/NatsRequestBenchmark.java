package dev.herald.benchmarks.nats;

import dev.herald.MessageBus;
import dev.herald.bridge.Bridge;
import dev.herald.nats.NatsBridge;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import io.nats.client.Dispatcher;
import io.nats.client.Message;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The round trip of a request to another process through NATS on loopback, sampled for its
 * percentiles: {@code bus.request} on one bus, answered by a handler on another, against raw jnats
 * request/reply of the same frames (the bridge's question also has its prelude, 10 bytes; its
 * answer is the bare frame, as raw jnats's), on a subject of the same length.
 *
 * <p>Run: {@code java -Dherald.nats.url=... -jar benchmarks/target/benchmarks.jar NatsRequest}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class NatsRequestBenchmark {
  private static final String BRIDGED_SUBJECT = "bench.ask.bus";

  /** As long as the bridge's subject as published, which carries the asker's origin. */
  private static final String RAW_SUBJECT = "bench." + NatsBridgeBenchmark.ORIGIN + ".ask.raw";

  private MessageBus asking;
  private MessageBus answering;
  private NatsBridge asker;
  private NatsBridge answerer;
  private Connection rawAsker;
  private Connection rawAnswerer;
  private byte[] question;
  private final Tick tick = new Tick(42, "asker");

  @Setup(Level.Trial)
  public void connect() throws Exception {
    asking = MessageBus.create();
    answering = MessageBus.create();
    Bridge.of(answering).respond(Tick.class, (tick, envelope) -> List.of(new Pong(tick.number())));
    asker =
        NatsBridge.builder(asking)
            .server(NatsBridgeBenchmark.url())
            .origin(NatsBridgeBenchmark.ORIGIN)
            .exportType(Tick.class, BRIDGED_SUBJECT)
            .start();
    answerer =
        NatsBridge.builder(answering)
            .server(NatsBridgeBenchmark.url())
            .importSubject(BRIDGED_SUBJECT)
            .start();

    CodecRegistry codecs = CodecRegistry.load();
    question = codecs.toBytes(tick);
    byte[] answer = codecs.toBytes(new Pong(42));
    rawAsker = Nats.connect(NatsBridgeBenchmark.url());
    rawAnswerer = Nats.connect(NatsBridgeBenchmark.url());
    Dispatcher dispatcher =
        rawAnswerer.createDispatcher(message -> rawAnswerer.publish(message.getReplyTo(), answer));
    dispatcher.subscribe(RAW_SUBJECT);
    rawAnswerer.flush(Duration.ofSeconds(5));
  }

  @TearDown(Level.Trial)
  public void close() throws Exception {
    asker.close();
    answerer.close();
    rawAsker.close();
    rawAnswerer.close();
    asking.close();
    answering.close();
  }

  @Benchmark
  public List<Pong> herald() {
    List<Pong> replies = asking.request(tick, Pong.class);
    if (replies.size() != 1) {
      throw new IllegalStateException("no answer: " + replies);
    }
    return replies;
  }

  @Benchmark
  public Message rawJnats() throws InterruptedException {
    Message reply = rawAsker.request(RAW_SUBJECT, question, Duration.ofSeconds(5));
    if (reply == null) {
      throw new IllegalStateException("no answer");
    }
    return reply;
  }
}
