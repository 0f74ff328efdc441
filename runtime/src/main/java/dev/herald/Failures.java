package dev.herald;

import dev.herald.internal.generated.HandlerCall;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * The one policy for a handler's failure, wherever it is called from: call the generated
 * dispatcher, let a {@link VirtualMachineError} through (the JVM is in trouble, and no handler can
 * fix that), and give anything else to the bus's {@link ErrorHandler}, so that one failing handler
 * never stops delivery to the others. A {@link StackOverflowError} on the posting thread unwinds
 * untouched to the first handler call with room on the stack ({@link StackRoom}), and there becomes
 * a {@link PostChainTooDeepException} that each handler call it unwinds through from then on adds
 * its message to, so that the poster learns which chain of nested posts overflowed. (The catch
 * clauses cost the plain path nothing until something is thrown.)
 *
 * <p>It also counts what went wrong, for {@link MessageBus#statistics()}, and records it for JDK
 * Flight Recorder ({@link FlightEvents}): handler failures, dead messages, and chains of posts too
 * deep for the stack. Only these rare paths pay for it.
 */
final class Failures {
  private final MessageBus bus;
  private final ErrorHandler errorHandler;
  private final LongAdder handlerFailures = new LongAdder();
  private final LongAdder deadMessages = new LongAdder();
  private final LongAdder chainsTooDeep = new LongAdder();

  /** The watched delivery under way on each thread ({@link #watch}); looked at only on failure. */
  private final ThreadLocal<Watch> watches = new ThreadLocal<>();

  Failures(MessageBus bus, ErrorHandler errorHandler) {
    this.bus = bus;
    this.errorHandler = errorHandler;
    FlightEvents.recorderStarted(); // loads the overflow's event if a recording may want it
    StackRoom.isEnoughFor(null); // loaded and linked now: at an overflow it must not load
  }

  /** Calls {@code subscriber} with the message alone. */
  void call(Subscriber subscriber, Object listener, Object message) {
    try {
      subscriber.dispatcher.call(subscriber.index, listener, message);
    } catch (Throwable failure) {
      failed(failure, subscriber, message);
    }
  }

  /** Calls {@code subscriber} with the envelope too; returns its reply, or null if it threw. */
  Object invoke(Subscriber subscriber, Object listener, Object message, Envelope envelope) {
    try {
      return subscriber.dispatcher.invoke(subscriber.index, listener, message, envelope);
    } catch (Throwable failure) {
      failed(failure, subscriber, message);
      return null;
    }
  }

  /**
   * The policy, for a call on the posting thread that threw {@code failure}: a closed call or a
   * collected listener ran nothing (false); a stack overflow becomes the chain's {@link
   * PostChainTooDeepException}; other {@link VirtualMachineError}s propagate; anything else goes to
   * the error handler (true: the handler ran).
   */
  boolean failed(Throwable failure, Subscriber subscriber, Object message) {
    if (failure instanceof StackOverflowError) {
      if (!StackRoom.isEnoughFor((StackOverflowError) failure)) {
        throw (StackOverflowError) failure; // untouched: see StackRoom
      }
      throw counted(PostChainTooDeepException.overflowedAt((StackOverflowError) failure, message));
    }
    if (failure instanceof HandlerCall.Closed || failure instanceof WeakCall.Collected) {
      return false;
    }
    if (failure instanceof PostChainTooDeepException) {
      throw counted(((PostChainTooDeepException) failure).through(message));
    }
    if (failure instanceof VirtualMachineError) {
      throw (VirtualMachineError) failure;
    }
    Watch watch = watches.get();
    if (watch != null && watch.message == message && watch.failure == null) {
      watch.failure = failure;
    }
    report(failure, subscriber, subscriber.listener(), message);
    return true;
  }

  /**
   * Counts {@code tooDeep} and records its event, once: made where {@link StackRoom} found room, it
   * should not overflow again, but if it does, the level above tries again with more stack.
   */
  private PostChainTooDeepException counted(PostChainTooDeepException tooDeep) {
    if (!tooDeep.counted) {
      try {
        FlightEvents.postChainTooDeep(tooDeep);
        chainsTooDeep.increment();
        tooDeep.counted = true;
      } catch (StackOverflowError stillTooDeep) {
        // the level above tries again, with more stack
      }
    }
    return tooDeep;
  }

  /**
   * Starts watching, on this thread, the failures of the handlers of {@code message}: the first one
   * that throws is kept in the returned watch (and reported as usual). End with {@link #unwatch}.
   */
  Watch watch(Object message) {
    Watch watch = new Watch(message, watches.get());
    watches.set(watch);
    return watch;
  }

  /** Ends {@code watch}, the last one this thread started. */
  void unwatch(Watch watch) {
    if (watch.outer == null) {
      watches.remove();
    } else {
      watches.set(watch.outer);
    }
  }

  /** One watched delivery: its message, and the first failure of one of its handlers. */
  static final class Watch {
    final Object message;
    final Watch outer;
    Throwable failure;

    Watch(Object message, Watch outer) {
      this.message = message;
      this.outer = outer;
    }
  }

  /**
   * Calls an asynchronous handler on an executor thread. There is no poster to propagate to: a
   * chain of nested posts that overflowed goes to the error handler, an exception from the error
   * handler itself is logged, and a {@link VirtualMachineError} propagates as it is.
   */
  void invokeOffThread(Subscriber subscriber, Object listener, Object message, Envelope envelope) {
    try {
      try {
        subscriber.dispatcher.invoke(subscriber.index, listener, message, envelope);
      } catch (VirtualMachineError fatal) {
        throw fatal;
      } catch (Throwable failure) {
        report(failure, subscriber, listener, message);
      }
    } catch (VirtualMachineError fatal) {
      throw fatal;
    } catch (RuntimeException | Error unhandled) {
      Logging.logger()
          .log(
              System.Logger.Level.ERROR,
              "Herald: the error handler threw on an asynchronous handler's failure",
              unhandled);
    }
  }

  /** Gives {@code failure}, which happened calling {@code subscriber}, to the error handler. */
  void report(Throwable failure, Subscriber subscriber, Object listener, Object message) {
    handlerFailures.increment();
    FlightEvents.handlerFailure(failure, subscriber.row.description, message);
    errorHandler.handle(
        failure, new ErrorContext(bus, listener, subscriber.row.description, message));
  }

  /**
   * A failure outside any handler, in {@code source}; see {@link
   * dev.herald.bridge.Bridge#reportError}.
   */
  void outside(Throwable failure, String source, Object message) {
    Objects.requireNonNull(failure, "failure");
    Objects.requireNonNull(source, "source");
    errorHandler.handle(failure, new ErrorContext(bus, null, source, message));
  }

  /**
   * A message sent with {@link Header#requireReceiver()} reached no visible handler; {@code
   * nearMisses} says which handlers came closest.
   */
  void undelivered(Object message, Header header, String nearMisses) {
    errorHandler.handle(
        new UndeliveredMessageException(message, header, nearMisses),
        new ErrorContext(bus, null, null, message));
  }

  /**
   * Counts and records a message that reached no visible handler (rule 8); {@code envelope} is how
   * it was sent, null for a plain post.
   */
  void deadMessage(Object message, Envelope envelope) {
    deadMessages.increment();
    FlightEvents.deadMessage(message, envelope);
  }

  long handlerFailures() {
    return handlerFailures.sum();
  }

  long deadMessages() {
    return deadMessages.sum();
  }

  long chainsTooDeep() {
    return chainsTooDeep.sum();
  }
}
