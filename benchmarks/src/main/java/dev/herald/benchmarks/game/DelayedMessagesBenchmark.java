package dev.herald.benchmarks.game;

import com.badlogic.gdx.ai.DefaultTimepiece;
import com.badlogic.gdx.ai.GdxAI;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Stage;
import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Delayed messages in a game loop: 10,000 messages sent at once, their delays spread evenly over 2
 * s of game time (message {@code i} waits {@code (i + 1) × 2 s / 10,000}), delivered to one
 * receiver by frames of 1/60 s run until the last has arrived. The score is per message (schedule
 * plus delivery); {@code -prof gc}'s {@code gc.alloc.rate.norm} is then bytes per message.
 *
 * <ul>
 *   <li>{@link #gdxAi}: {@code dispatchMessage(delay, code, message)}; each frame advances gdx-ai's
 *       {@code DefaultTimepiece} by 1/60 and calls {@code MessageDispatcher.update()}.
 *   <li>{@link #herald}: {@code post(message, header)} with a header of stage {@code UPDATE} and
 *       the message's delay, on a bus whose ticker is a {@link ManualTicker}; each frame advances
 *       it by 1/60 s, runs {@code runStage(UPDATE)} and {@code endFrame()}. The 10,000 headers are
 *       built in setup, as a game keeps its delays in constants.
 *   <li>{@link #heraldHeaderPerMessage}: the same, building each header (and its {@code Duration})
 *       at the send, as a game must when it computes its delays.
 *   <li>{@link #heraldFrames}: Herald only, delays in frames, spread evenly over the same 120
 *       frames ({@code delayFrames}); gdx-ai has no delay in frames.
 * </ul>
 *
 * <p>Fair because both buses deliver the same message to the same receiver through the same loop,
 * the frame's own cost (advancing a clock, running an update) included for both. gdx-ai's clock is
 * a {@code float} of seconds, which loses its precision as it grows: setup restarts it before each
 * batch, so it stays at a game's first seconds, where it is exact enough. With one receiver class,
 * every call site is monomorphic for both.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class DelayedMessagesBenchmark {
  private static final int MESSAGES = 10_000;
  private static final int FRAMES_PER_SECOND = 60;
  private static final long FRAME_NANOS = 1_000_000_000L / FRAMES_PER_SECOND;
  private static final long SPREAD_NANOS = 2_000_000_000L;
  private static final int SPREAD_FRAMES = 2 * FRAMES_PER_SECOND;

  /** Far more frames than a batch needs: a bus that loses a message fails instead of spinning. */
  private static final int MAX_FRAMES = 10 * SPREAD_FRAMES;

  private final Hit hit = new Hit();
  private final ReceiverA receiver = new ReceiverA();

  private final float[] delaySeconds = new float[MESSAGES];
  private final long[] delayNanos = new long[MESSAGES];
  private final Header[] delayHeaders = new Header[MESSAGES];
  private final Header[] frameHeaders = new Header[MESSAGES];

  private MessageDispatcher gdxAi;
  private MessageBus herald;
  private ManualTicker ticker;

  @Setup
  public void setUp() {
    for (int i = 0; i < MESSAGES; i++) {
      delayNanos[i] = (i + 1) * SPREAD_NANOS / MESSAGES;
      delaySeconds[i] = delayNanos[i] / 1e9f;
      delayHeaders[i] =
          Header.builder().stage(Stage.UPDATE).delay(Duration.ofNanos(delayNanos[i])).build();
      frameHeaders[i] =
          Header.builder()
              .stage(Stage.UPDATE)
              .delayFrames(1 + (long) i * SPREAD_FRAMES / MESSAGES)
              .build();
    }
    gdxAi = GameStacks.gdxAi(new HitListener[] {receiver});
    ticker = new ManualTicker();
    herald = MessageBus.builder().ticker(ticker).build();
    herald.register(receiver);
  }

  @Setup(Level.Invocation)
  public void restartGdxAiClock() {
    GdxAI.setTimepiece(new DefaultTimepiece());
  }

  @TearDown
  public void checkDelivered() {
    if (receiver.received() == 0 || receiver.received() % MESSAGES != 0) {
      throw new IllegalStateException(
          "The receiver got " + receiver.received() + " messages, not whole batches");
    }
  }

  @Benchmark
  @OperationsPerInvocation(MESSAGES)
  public void gdxAi() {
    long goal = receiver.received() + MESSAGES;
    for (int i = 0; i < MESSAGES; i++) {
      gdxAi.dispatchMessage(delaySeconds[i], GameStacks.HIT, hit);
    }
    for (int frames = 0; receiver.received() < goal; frames++) {
      checkWithinFrames(frames);
      GdxAI.getTimepiece().update(1f / FRAMES_PER_SECOND);
      gdxAi.update();
    }
  }

  @Benchmark
  @OperationsPerInvocation(MESSAGES)
  public void herald() {
    long goal = receiver.received() + MESSAGES;
    for (int i = 0; i < MESSAGES; i++) {
      herald.post(hit, delayHeaders[i]);
    }
    runHeraldFramesUntil(goal);
  }

  @Benchmark
  @OperationsPerInvocation(MESSAGES)
  public void heraldHeaderPerMessage() {
    long goal = receiver.received() + MESSAGES;
    for (int i = 0; i < MESSAGES; i++) {
      herald.post(
          hit, Header.builder().stage(Stage.UPDATE).delay(Duration.ofNanos(delayNanos[i])).build());
    }
    runHeraldFramesUntil(goal);
  }

  @Benchmark
  @OperationsPerInvocation(MESSAGES)
  public void heraldFrames() {
    long goal = receiver.received() + MESSAGES;
    for (int i = 0; i < MESSAGES; i++) {
      herald.post(hit, frameHeaders[i]);
    }
    runHeraldFramesUntil(goal);
  }

  private void runHeraldFramesUntil(long goal) {
    for (int frames = 0; receiver.received() < goal; frames++) {
      checkWithinFrames(frames);
      ticker.advanceNanos(FRAME_NANOS);
      herald.runStage(Stage.UPDATE);
      herald.endFrame();
    }
  }

  private static void checkWithinFrames(int frames) {
    if (frames > MAX_FRAMES) {
      throw new IllegalStateException(
          "Messages were lost: still waiting after " + frames + " frames");
    }
  }
}
