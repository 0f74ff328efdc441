package dev.herald.benchmarks.net;

import dev.herald.net.Connection;
import dev.herald.net.ConnectionConfig;
import dev.herald.net.MessageDependency;
import dev.herald.net.MessageReceiver;
import dev.herald.net.ProtocolException;
import dev.herald.net.SendStatus;
import dev.herald.net.testkit.LinkConditions;
import dev.herald.net.testkit.NetworkSimulator;
import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Messages per second through {@link Connection} and the {@link NetworkSimulator} (one direction,
 * acknowledgements coming back), at 0% and 10% loss, and the average per-message header bytes on
 * the wire.
 *
 * <p>Workload: bursts of {@value #PER_TICK} messages of {@value #PAYLOAD} bytes per 10 ms simulated
 * tick over a 10 ± 2 ms link. Each message depends on the message sent {@value
 * #DEPENDENCY_DISTANCE} before it, which by then, with every message before it, has usually been
 * acknowledged and executed: that is where the header falls back to the 2 bytes of the sequence
 * number. The score counts CPU work only; simulated time costs nothing.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ReliableDelivery -f 1 -wi 2 -i 3 -w 1s
 * -r 1s}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReliableDeliveryBenchmark {

  static final int BATCH = 4096;
  static final int PER_TICK = 64;
  static final int PAYLOAD = 16;
  static final int DEPENDENCY_DISTANCE = 256;
  static final Duration TICK = Duration.ofMillis(10);

  /** The connection token; a real one comes from the handshake. */
  static final long TOKEN = 0x4245_4E43_484D_4152L;

  @Param({"0.0", "0.1"})
  public double loss;

  private ManualTicker clock;
  private Connection sender;
  private Connection receiver;
  private NetworkSimulator network;
  private final Executions executions = new Executions();
  private final MessageDependency[] history = new MessageDependency[DEPENDENCY_DISTANCE];
  private final byte[] payload = new byte[PAYLOAD];
  private long sent;

  /** Counts what the receiver executed. */
  static final class Executions implements MessageReceiver {
    long count;

    @Override
    public void onMessage(int sequence, byte[] payload) {
      count++;
    }
  }

  /**
   * The per-message header cost, reported beside the score. JMH sums these counters over an
   * iteration (and over the iterations in its summary line), so the averages are ratios: header
   * bytes per message = {@code headerBytes / messagesWritten}, transmissions per executed message =
   * {@code messagesWritten / messagesExecuted}.
   */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Header {
    /** Bytes of sequence numbers and dependency lists written. */
    public long headerBytes;

    /** Messages written into packets, retransmissions included. */
    public long messagesWritten;

    /** Messages the receiver executed. */
    public long messagesExecuted;

    @Setup(Level.Iteration)
    public void reset() {
      headerBytes = 0;
      messagesWritten = 0;
      messagesExecuted = 0;
    }
  }

  @Setup(Level.Trial)
  public void connect() {
    clock = new ManualTicker();
    LinkConditions conditions =
        LinkConditions.perfect()
            .withLoss(loss)
            .withLatency(Duration.ofMillis(10), Duration.ofMillis(2));
    ConnectionConfig config = ConnectionConfig.defaults();
    sender = new Connection(config, TOKEN, clock, new Executions());
    receiver = new Connection(config, TOKEN, clock, executions);
    network = new NetworkSimulator(sender, receiver, conditions, 42, clock);
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long deliverBatch(Header header) throws ProtocolException {
    long headerBytesBefore = sender.counters().headerBytesSent();
    long writtenBefore = sender.counters().messagesSent();
    long target = executions.count + BATCH;
    long sendUntil = sent + BATCH;
    while (executions.count < target) {
      for (int i = 0; i < PER_TICK && sent < sendUntil; i++) {
        MessageDependency handle = new MessageDependency();
        int slot = (int) (sent % DEPENDENCY_DISTANCE);
        MessageDependency dependency = history[slot];
        SendStatus status =
            dependency == null
                ? sender.trySend(handle, payload)
                : sender.trySend(handle, payload, dependency);
        if (status != SendStatus.ACCEPTED) {
          break;
        }
        history[slot] = handle;
        sent++;
      }
      clock.advance(TICK);
      network.step();
    }
    header.headerBytes += sender.counters().headerBytesSent() - headerBytesBefore;
    header.messagesWritten += sender.counters().messagesSent() - writtenBefore;
    header.messagesExecuted += BATCH;
    return executions.count;
  }
}
