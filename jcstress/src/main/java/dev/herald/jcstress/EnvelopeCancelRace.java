package dev.herald.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.herald.Envelope;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.jcstress.Messages.Ping;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@code Envelope}'s delivering thread: a plain field, which {@code cancelDelivery} compares with
 * the calling thread.
 */
@JCStressTest
@Description(
    "Envelope.deliveringThread is a plain field: the delivering thread sets it when it"
        + " makes the envelope and clears it when the delivery ends; cancelDelivery compares it with"
        + " the calling thread. A handler leaks its envelope through a plain field to another thread,"
        + " which reads it racily, as a program may, and tries to cancel the delivery. Forbidden: the"
        + " other thread's cancel accepted, or the delivery's second handler skipped. Why the code"
        + " forbids it: only the delivering thread writes the field, and only ever its own Thread or"
        + " null, so whatever a racy read returns (the default null, the delivering thread, or null"
        + " again once the delivery ended) is not the reader's own thread, and the cancel throws.")
@Outcome(
    id = "2, 0, 1",
    expect = ACCEPTABLE,
    desc = "the other thread did not see the envelope yet")
@Outcome(
    id = "2, 1, 1",
    expect = ACCEPTABLE,
    desc = "the other thread's cancel was refused; both handlers ran")
@Outcome(
    expect = FORBIDDEN,
    desc = "another thread cancelled the delivery (2 in the middle), or it failed")
@State
public class EnvelopeCancelRace {
  /** What the other thread did with the leaked envelope. */
  private static final int NOT_SEEN = 0;

  private static final int REFUSED = 1;
  private static final int CANCELLED = 2;

  static final class Leaker {
    /** Written on the delivering thread, read on the other without synchronizing. */
    Envelope leaked;

    int seconds;

    @Subscribe(priority = 1)
    void first(Ping ping, Envelope envelope) {
      leaked = envelope;
    }

    @Subscribe
    void second(Ping ping) {
      seconds++;
    }
  }

  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
  private final Leaker leaker = new Leaker();

  public EnvelopeCancelRace() {
    bus.register(leaker);
  }

  @Actor
  public void deliver(III_Result result) {
    result.r1 = Posting.post(bus, new Ping());
  }

  @Actor
  public void cancelFromAnotherThread(III_Result result) {
    Envelope envelope = leaker.leaked;
    if (envelope == null) {
      result.r2 = NOT_SEEN;
      return;
    }
    try {
      envelope.cancelDelivery();
      result.r2 = CANCELLED;
    } catch (IllegalStateException refused) {
      result.r2 = REFUSED;
    }
  }

  @Arbiter
  public void secondHandlerRan(III_Result result) {
    result.r3 = leaker.seconds;
  }
}
