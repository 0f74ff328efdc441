package dev.herald.benchmarks;

import dev.herald.Address;
import dev.herald.Header;
import dev.herald.MessageBus;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Routing: a message sent to one entity out of 10 or out of 10,000, each entity three components
 * (listener classes A, B and C) sharing one address. Addressed delivery looks only at the handlers
 * at the address, so the two should cost about the same (target: the 10,000 case at most 1.5 times
 * the 10 case).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class AddressedSendBenchmark {

  @Param({"10", "10000"})
  public int entities;

  private MessageBus bus;
  private Header toOneEntity;
  private Ping ping;

  @Setup
  public void setUp() {
    bus = MessageBus.create();
    ping = new Ping();
    Address target = null;
    for (int i = 0; i < entities; i++) {
      Address entity = bus.createAddress();
      bus.registration().strongly().at(entity).register(new ListenerA());
      bus.registration().strongly().at(entity).register(new ListenerB());
      bus.registration().strongly().at(entity).register(new ListenerC());
      if (i == entities / 2) {
        target = entity;
      }
    }
    toOneEntity = Header.to(target);
  }

  @TearDown
  public void checkDelivered() {
    if (ping.hits == 0) {
      throw new IllegalStateException("No handler ran: the benchmark measured nothing");
    }
  }

  @Benchmark
  public int sendToOneEntity() {
    return bus.post(ping, toOneEntity);
  }
}
