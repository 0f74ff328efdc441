package dev.herald.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.jcstress.Messages.Ping;
import dev.herald.jcstress.Messages.Pong;
import dev.herald.jcstress.Messages.Warmup;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * {@code LastCalls}: the calls of the last plain post, plain array slots that posting threads read
 * and write; each thread has its slot by its id, and threads whose ids share a slot race on it.
 */
@JCStressTest
@Description(
    "LastCalls, the last plain post's calls, is a plain array slot per thread (by its id), that"
        + " the threads sharing a slot read and write without synchronizing. Two threads post messages of two"
        + " classes at once, on a bus whose last post was of a third class. Forbidden: a post that"
        + " ran another class's handler, ran none, or failed. Why the code forbids it: a DirectCalls"
        + " is immutable (its arrays are final fields, filled before it was made, so a racy read sees"
        + " them whole) but for its class, which only ever changes to the class of no message. A"
        + " racy read returns the third class's calls, the other thread's, or its own, possibly with"
        + " the class not yet visible (null); the post uses them only when their class is its"
        + " message's, and else looks its own class's calls up in the index. (The two threads race"
        + " on one slot only when their ids share it; otherwise each reads its own or an empty one.)")
@Outcome(
    id = "1, 1, 1, 1",
    expect = ACCEPTABLE,
    desc = "each post ran its own class's handler, once")
@Outcome(
    expect = FORBIDDEN,
    desc =
        "a post ran another class's handler, or none, or failed (-2): it used calls not its class's")
@State
public class LastPostCallsRace {
  /** Each handler runs on one actor's thread only, so plain counts are exact. */
  static final class Counter {
    int pings;
    int pongs;

    @Subscribe
    void on(Ping ping) {
      pings++;
    }

    @Subscribe
    void on(Pong pong) {
      pongs++;
    }

    @Subscribe
    void on(Warmup warmup) {}
  }

  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
  private final Counter counter = new Counter();

  public LastPostCallsRace() {
    bus.register(counter);
    bus.post(new Warmup()); // the last post's calls are now Warmup's
  }

  @Actor
  public void postPing(IIII_Result result) {
    result.r1 = Posting.post(bus, new Ping());
  }

  @Actor
  public void postPong(IIII_Result result) {
    result.r2 = Posting.post(bus, new Pong());
  }

  @Arbiter
  public void handlersRan(IIII_Result result) {
    result.r3 = counter.pings;
    result.r4 = counter.pongs;
  }
}
