package dev.herald.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.QueuedMessages;
import dev.herald.annotation.Subscribe;
import dev.herald.jcstress.Messages.Ping;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/** A plain post racing {@code shutdown} on a depth-first bus (docs/DESIGN.md rule 18). */
@JCStressTest
@Description(
    "Shutdown stops a bus accepting in two volatile writes: PlainPosts' flag that the"
        + " bus accepts and delivers depth first, then Router's accepting flag. A plain post on"
        + " another thread reads the first, and only if it is cleared the second. Forbidden: the"
        + " post failing other than with BusClosedException (it once took the breadth-first path,"
        + " whose queue a depth-first bus does not have: a NullPointerException), or its count"
        + " disagreeing with its handler. Why the code forbids it: a post that finds the first flag"
        + " set delivers; one that finds it cleared checks the second, is refused if that is"
        + " cleared too, and else, on a depth-first bus, delivers as if it had found the first set.")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the post came before the bus refused: delivered")
@Outcome(
    id = "-1, 0",
    expect = ACCEPTABLE,
    desc = "the post came after: refused with BusClosedException")
@Outcome(
    expect = FORBIDDEN,
    desc = "the post failed otherwise (-2), or its count and its handler disagree")
@State
public class ShutdownPostRace {
  /** Only one actor posts, so a plain count is exact. */
  static final class Counter {
    int calls;

    @Subscribe
    void on(Ping ping) {
      calls++;
    }
  }

  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
  private final Counter counter = new Counter();

  public ShutdownPostRace() {
    bus.register(counter);
  }

  @Actor
  public void post(II_Result result) {
    result.r1 = Posting.post(bus, new Ping());
  }

  @Actor
  public void shutdown() {
    bus.shutdown(QueuedMessages.DISCARD, Duration.ZERO);
  }

  @Arbiter
  public void handlerRan(II_Result result) {
    result.r2 = counter.calls;
  }
}
