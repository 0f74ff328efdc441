package dev.herald.benchmarks.net;

import dev.herald.net.Connection;
import dev.herald.net.ConnectionConfig;
import dev.herald.net.MessageDependency;
import dev.herald.net.MessageReceiver;
import dev.herald.net.ProtocolException;
import dev.herald.net.SendStatus;
import dev.herald.time.Ticker;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The reliable layer's own cost per message, without sockets: one thread sends 16-byte messages
 * from one {@link Connection} to another (each depending on the one {@value #DEPENDENCY_DISTANCE}
 * before, as the one-way flood of {@link UdpLoopback} does), carries every packet across in memory,
 * both ways, and runs the receiver's handler. Run with JMH's GC profiler to see the bytes allocated
 * per message:
 *
 * <pre>
 * java -cp benchmarks/net/target/benchmarks-net.jar org.openjdk.jmh.Main ConnectionPath -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ConnectionPath {

  static final int BATCH = 512;
  static final int DEPENDENCY_DISTANCE = 64;
  static final int PAYLOAD = 16;

  private final byte[] payload = new byte[PAYLOAD];
  private final byte[] packet = new byte[ConnectionConfig.MAX_PACKET_SIZE];

  /** Handles of the last two distances' messages, emptied and refilled in turn. */
  private final MessageDependency[] recent = new MessageDependency[2 * DEPENDENCY_DISTANCE];

  private Connection sender;
  private Connection receiver;
  private long executed;
  private long sent;

  @Setup
  public void connect() {
    Ticker clock = Ticker.system();
    MessageReceiver counter =
        new MessageReceiver() {
          @Override
          public void onMessage(int sequence, byte[] message) {
            executed++;
          }

          @Override
          public void onMessage(int sequence, byte[] buffer, int offset, int length) {
            executed++; // reads the message where it arrived: no copy
          }
        };
    sender =
        new Connection(
            ConnectionConfig.defaults(),
            42,
            clock,
            new MessageReceiver() {
              @Override
              public void onMessage(int sequence, byte[] message) {}
            });
    receiver = new Connection(ConnectionConfig.defaults(), 42, clock, counter);
    for (int i = 0; i < recent.length; i++) {
      recent[i] = new MessageDependency();
    }
  }

  /** Sends {@value #BATCH} messages and carries packets both ways until the last has executed. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long sendToHandler() throws ProtocolException {
    long target = executed + BATCH;
    int queued = 0;
    while (executed < target) {
      while (queued < BATCH) {
        MessageDependency before =
            recent[(int) ((sent - DEPENDENCY_DISTANCE) & (recent.length - 1))];
        MessageDependency handle = recent[(int) (sent & (recent.length - 1))];
        handle.clear();
        SendStatus status =
            sent < DEPENDENCY_DISTANCE
                ? sender.trySend(handle, payload)
                : sender.trySend(handle, payload, before);
        if (status != SendStatus.ACCEPTED) {
          break;
        }
        sent++;
        queued++;
      }
      for (int length = sender.poll(packet); length > 0; length = sender.poll(packet)) {
        receiver.receive(packet, 0, length);
      }
      for (int length = receiver.poll(packet); length > 0; length = receiver.poll(packet)) {
        sender.receive(packet, 0, length);
      }
    }
    return executed;
  }
}
