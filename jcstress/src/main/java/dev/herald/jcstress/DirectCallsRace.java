package dev.herald.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.annotation.Subscribe;
import dev.herald.jcstress.Messages.Ping;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The {@code DirectCalls} of {@code HandlersForClass}: replaced under the registry's lock when a
 * handler is added or closed, in a plain field that a plain post reads without the lock.
 */
public class DirectCallsRace {
  private DirectCallsRace() {}

  /** Counts its calls; only one actor posts, so a plain count is exact. */
  static final class Counter {
    int calls;

    @Subscribe
    void on(Ping ping) {
      calls++;
    }
  }

  @JCStressTest
  @Description(
      "HandlersForClass.calls, the calls a plain post makes, is a plain field: a"
          + " registration replaces it under the registry's lock, and a post reads it without one."
          + " One thread registers the first handler of Ping while another posts a Ping (the bus had"
          + " posted one before, so its handlers and the last post's calls exist). Forbidden: the"
          + " post counts a handler that did not run, runs one it does not count, or fails. Why the"
          + " code forbids it: the new DirectCalls is made whole before the field is written, and"
          + " its arrays are final fields, so a racy read returns the old calls (none: the post is"
          + " dead) or the new ones with the call in them; a call is bound to its listener before it"
          + " is put in the array, so the final-field guarantee covers it too.")
  @Outcome(
      id = "0, 0",
      expect = ACCEPTABLE,
      desc = "the post came before the handler's calls: none ran")
  @Outcome(
      id = "1, 1",
      expect = ACCEPTABLE,
      desc = "the post saw the new calls: the handler ran once")
  @Outcome(expect = FORBIDDEN, desc = "the count and the calls disagree, or the post failed (-2)")
  @State
  public static class Register {
    private final MessageBus bus =
        MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
    private final Counter counter = new Counter();

    public Register() {
      bus.post(new Ping()); // Ping's handlers (none yet) are in the index and the last post's
    }

    @Actor
    public void register() {
      bus.register(counter);
    }

    @Actor
    public void post(II_Result result) {
      result.r1 = Posting.post(bus, new Ping());
    }

    @Arbiter
    public void handlerRan(II_Result result) {
      result.r2 = counter.calls;
    }
  }

  @JCStressTest
  @Description(
      "As Register, for a handler closed while another thread posts: closing replaces"
          + " the calls (a plain write), marks the replaced ones with the class of no message (a"
          + " plain write) and closes the handler's call (a plain write of its number). Forbidden:"
          + " the post counts a handler that did not run, runs one it does not count, or fails (a"
          + " closed call's HandlerCall.Closed escaping, say). Why the code forbids it: whichever of"
          + " the writes the post sees, it either runs the handler through a call not yet closed, or"
          + " meets the closed call, whose Closed the post takes for 'did not run' and finishes"
          + " carefully; a DirectCalls read racily is whole, as in Register.")
  @Outcome(
      id = "1, 1",
      expect = ACCEPTABLE,
      desc = "the post came before the close: the handler ran once")
  @Outcome(
      id = "0, 0",
      expect = ACCEPTABLE,
      desc = "the post saw the close: the handler did not run")
  @Outcome(expect = FORBIDDEN, desc = "the count and the calls disagree, or the post failed (-2)")
  @State
  public static class Close {
    private final MessageBus bus =
        MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();
    private final Counter counter = new Counter();
    private final Registration registration;

    public Close() {
      registration = bus.register(counter);
      bus.post(new Ping()); // the handler's calls are the last post's
      counter.calls = 0;
    }

    @Actor
    public void close() {
      registration.close();
    }

    @Actor
    public void post(II_Result result) {
      result.r1 = Posting.post(bus, new Ping());
    }

    @Arbiter
    public void handlerRan(II_Result result) {
      result.r2 = counter.calls;
    }
  }
}
