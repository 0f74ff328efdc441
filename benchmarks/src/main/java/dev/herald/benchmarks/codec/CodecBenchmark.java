package dev.herald.benchmarks.codec;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Encode and decode of one message, Herald's generated codecs against Kryo 5 and Java
 * serialization, in one run.
 *
 * <p>{@code shape=trade}: a six-field record (an int, a long, a double, a String, an enum, a nested
 * record). {@code shape=batch}: a record holding a list of 100 such trades. Every library writes
 * the message's type with it, as a receiver that does not know what comes next needs: Herald a
 * frame ({@link CodecRegistry#encode}), Kryo {@code writeClassAndObject} with every class
 * registered (as KryoNet requires) and its {@link Output} and {@link Input} reused, Java
 * serialization an {@link ObjectOutputStream} per message (a stream cannot be reset to write an
 * independent message). Buffers are allocated once; run with {@code -prof gc} for B/op.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CodecBenchmark -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBenchmark {

  @Param({"trade", "batch"})
  public String shape;

  private Object message;

  private final CodecRegistry herald = CodecRegistry.load();
  private final WireWriter heraldOut = new WireWriter(new byte[64 * 1024]);
  private final WireReader heraldIn = new WireReader();
  private byte[] heraldBytes;

  private final Kryo kryo = new Kryo();
  private final Output kryoOut = new Output(64 * 1024);
  private final Input kryoIn = new Input();
  private byte[] kryoBytes;
  private int kryoLength;

  private final ByteArrayOutputStream javaOut = new ByteArrayOutputStream(64 * 1024);
  private byte[] javaBytes;

  @Setup
  public void setUp() throws IOException {
    message = shape.equals("trade") ? trade(0) : batch();

    kryo.setRegistrationRequired(true);
    kryo.register(Trade.class);
    kryo.register(Side.class);
    kryo.register(Venue.class);
    kryo.register(TradeBatch.class);
    kryo.register(ArrayList.class);

    heraldBytes = herald.toBytes(message);
    kryoEncode();
    kryoBytes = kryoOut.toBytes();
    kryoLength = kryoBytes.length;
    javaEncode();
    javaBytes = javaOut.toByteArray();
    System.out.printf(
        "%s: Herald %d bytes, Kryo %d, Java serialization %d%n",
        shape, heraldBytes.length, kryoLength, javaBytes.length);
    if (!message.equals(heraldDecode())
        || !message.equals(kryoDecode())
        || !message.equals(javaDecode())) {
      throw new IllegalStateException("a codec does not round-trip " + message);
    }
  }

  static Trade trade(int i) {
    return new Trade(
        100 + i,
        9_000_000_000L + i,
        187.25 + i / 100.0,
        "AAPL",
        i % 2 == 0 ? Side.BUY : Side.SELL,
        new Venue("NASDAQ", 42));
  }

  static TradeBatch batch() {
    List<Trade> trades = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      trades.add(trade(i));
    }
    return new TradeBatch(trades);
  }

  @Benchmark
  public int heraldEncode() {
    heraldOut.reset();
    return herald.encode(message, heraldOut);
  }

  @Benchmark
  public Object heraldDecode() {
    heraldIn.reset(heraldBytes, 0, heraldBytes.length);
    return herald.decode(heraldIn);
  }

  @Benchmark
  public int kryoEncode() {
    kryoOut.reset();
    kryo.writeClassAndObject(kryoOut, message);
    return kryoOut.position();
  }

  @Benchmark
  public Object kryoDecode() {
    kryoIn.setBuffer(kryoBytes, 0, kryoLength);
    return kryo.readClassAndObject(kryoIn);
  }

  @Benchmark
  public int javaEncode() throws IOException {
    javaOut.reset();
    try (ObjectOutputStream out = new ObjectOutputStream(javaOut)) {
      out.writeObject(message);
    }
    return javaOut.size();
  }

  @Benchmark
  public Object javaDecode() throws IOException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(javaBytes))) {
      return in.readObject();
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
