package dev.herald.benchmarks;

import dev.herald.Address;
import dev.herald.Header;
import dev.herald.MessageBus;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Every way a message can be sent at once, to the same three handlers (listener classes A, B and C,
 * registered at one address): a plain post, a post with a header (tagged, so it takes the full
 * delivery), a send to the address, and a request whose handlers reply nothing. The target is 0 B
 * per operation on each.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class PostPathsBenchmark {
  private MessageBus bus;
  private Ping ping;
  private Header tagged;
  private Header toEntity;

  @Setup
  public void setUp() {
    bus = MessageBus.create();
    ping = new Ping();
    Address entity = bus.createAddress();
    bus.registration().strongly().at(entity).register(new ListenerA());
    bus.registration().strongly().at(entity).register(new ListenerB());
    bus.registration().strongly().at(entity).register(new ListenerC());
    tagged = Header.builder().tags("radar").build();
    toEntity = Header.to(entity);
  }

  @TearDown
  public void checkDelivered() {
    if (ping.hits == 0) {
      throw new IllegalStateException("No handler ran: the benchmark measured nothing");
    }
  }

  @Benchmark
  public int plain() {
    return bus.post(ping);
  }

  @Benchmark
  public int withHeader() {
    return bus.post(ping, tagged);
  }

  @Benchmark
  public int addressed() {
    return bus.post(ping, toEntity);
  }

  @Benchmark
  public List<Integer> requestNoReplies() {
    return bus.request(ping, Integer.class);
  }
}
