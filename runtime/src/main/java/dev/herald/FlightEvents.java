package dev.herald;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * What the bus records for JDK Flight Recorder, all named {@code dev.herald.*}: {@code jfr print
 * --events 'dev.herald.*' recording.jfr} shows them. Each is recorded where the bus already takes a
 * rare path (a failure, a dead message, a shutdown, a queue reaching its threshold), except {@code
 * dev.herald.Post}, which only a bus built with {@link MessageBus.Builder#postEvents} records.
 *
 * <p>Nothing here touches an event class until the Flight Recorder has started ({@link
 * #recorderStarted}): the first event class loaded wakes the recorder's machinery, hundreds of
 * classes, a pause no program that does not record should pay at its first dead message. Once it
 * has started, each method costs a check of whether a recording wants its event.
 */
final class FlightEvents {
  private static final String HERALD = "Herald";

  /** How much of a message or exception text an event keeps. */
  private static final int TEXT_LIMIT = 200;

  /** Whether {@link PostChainTooDeepEvent} was loaded, on a stack with room (see below). */
  private static volatile boolean overflowEventLoaded;

  /** Whether the JDK's exception tracing was initialised here, on a stack with room (see below). */
  private static volatile boolean exceptionTracingReadied;

  private FlightEvents() {}

  /**
   * Whether the Flight Recorder has started in this JVM: a flag it keeps, read without loading any
   * event class. Once it has, loads the event recorded where the stack overflowed, so that the
   * recorder registers it here, on a stack with room: registering it at the point of overflow would
   * overflow inside the recorder and leave it unable to record. Called when a bus is built and on
   * every rare path below, so that a recording started later gets it before most overflows. False
   * too where the stack has no room ({@link StackRoom}): the rare path then records nothing.
   */
  static boolean recorderStarted() {
    if (!FlightRecorder.isInitialized()) {
      return false;
    }
    if (!StackRoom.isEnough()) {
      // a handler that wrapped a stack overflow fails with next to no stack left: loading or
      // committing an event there would overflow inside the recorder, so this one is not recorded
      return false;
    }
    if (!overflowEventLoaded) {
      new PostChainTooDeepEvent();
      overflowEventLoaded = true;
    }
    readyExceptionTracing();
    return true;
  }

  /**
   * Whether an exception may be made on this stack without the risk below: the recorder never
   * started, the tracing is ready, or this stack has room to ready it, which is then done.
   * Allocates nothing unless it readies the tracing.
   */
  static boolean exceptionTracingReadyHere() {
    if (exceptionTracingReadied || !FlightRecorder.isInitialized()) {
      return true;
    }
    if (!StackRoom.isEnoughForClassLoading()) {
      return false;
    }
    readyExceptionTracing();
    return true;
  }

  /**
   * Once the recorder has started, every {@code Throwable}'s constructor calls the JDK's exception
   * tracer (since JDK 22), and the first call initialises the tracer and its event classes. Made
   * where the stack is nearly spent (the report of an overflow), that initialisation fails, and
   * from then on every exception created anywhere in the JVM fails in turn, endlessly. So an error
   * is made here, once, where the stack has room, and never thrown.
   */
  private static void readyExceptionTracing() {
    if (!exceptionTracingReadied) {
      new Error("Made, not thrown, by Herald: readies the recorder's exception tracing");
      exceptionTracingReadied = true;
    }
  }

  static void handlerFailure(Throwable failure, String handler, Object message) {
    if (!recorderStarted()) {
      return;
    }
    HandlerFailureEvent event = new HandlerFailureEvent();
    if (event.shouldCommit()) {
      event.messageType = message == null ? null : message.getClass();
      event.handler = handler;
      event.exception = failure.getClass();
      event.exceptionMessage = bounded(failure.getMessage());
      event.commit();
    }
  }

  static void deadMessage(Object message, Envelope envelope) {
    if (!recorderStarted()) {
      return;
    }
    DeadMessageEvent event = new DeadMessageEvent();
    if (event.shouldCommit()) {
      event.messageType = message.getClass();
      event.destination =
          envelope == null ? Address.BROADCAST.toString() : envelope.to().toString();
      event.tags = envelope == null ? "" : String.join(",", envelope.tags());
      event.requiresReceiver = envelope != null && envelope.header().requireReceiver();
      event.commit();
    }
  }

  /**
   * Recorded where the stack overflowed, so only if its event class was loaded before, elsewhere
   * ({@link #recorderStarted}).
   */
  static void postChainTooDeep(PostChainTooDeepException tooDeep) {
    if (!overflowEventLoaded) {
      return;
    }
    PostChainTooDeepEvent event = new PostChainTooDeepEvent();
    if (event.shouldCommit()) {
      event.messageType = tooDeep.deepest();
      event.unwound = tooDeep.unwoundCount();
      event.commit();
    }
  }

  static void queueDepth(String queue, int depth) {
    if (!recorderStarted()) {
      return;
    }
    QueueDepthEvent event = new QueueDepthEvent();
    if (event.shouldCommit()) {
      event.queue = queue;
      event.depth = depth;
      event.commit();
    }
  }

  /**
   * When a shutdown begins: its event, begun, for {@link #shutdownEnded} to commit with the report;
   * null if the recorder has not started.
   */
  static ShutdownEvent shutdownBegins() {
    if (!recorderStarted()) {
      return null;
    }
    ShutdownEvent event = new ShutdownEvent();
    event.begin();
    return event;
  }

  static void shutdownEnded(ShutdownEvent event, ShutdownReport report) {
    if (event == null) {
      return;
    }
    event.end();
    if (event.shouldCommit()) {
      event.delivered = report.delivered();
      event.discarded = report.discarded();
      event.failed = report.failed();
      event.unfinishedAsync = report.unfinishedAsync();
      event.commit();
    }
  }

  private static String bounded(String text) {
    return text == null || text.length() <= TEXT_LIMIT
        ? text
        : text.substring(0, TEXT_LIMIT) + "...";
  }

  @Name("dev.herald.HandlerFailure")
  @Label("Handler Failure")
  @Description(
      "A handler threw, or its call was refused; the bus gave the failure to its error handler")
  @Category({HERALD, "Failures"})
  static final class HandlerFailureEvent extends Event {
    @Label("Message Type")
    Class<?> messageType;

    @Label("Handler")
    @Description("The handler method, as com.example.Radar.onAttack(com.example.UnderAttack)")
    String handler;

    @Label("Exception")
    Class<?> exception;

    @Label("Exception Message")
    String exceptionMessage;
  }

  @Name("dev.herald.DeadMessage")
  @Label("Dead Message")
  @Description("A message reached no handler, or only hidden ones (docs/DESIGN.md rule 8)")
  @Category({HERALD, "Failures"})
  static final class DeadMessageEvent extends Event {
    @Label("Message Type")
    Class<?> messageType;

    @Label("Destination")
    @Description("Where it was sent: Address.BROADCAST for a plain post")
    String destination;

    @Label("Tags")
    @Description("The message's tags, comma-separated; empty if none")
    String tags;

    @Label("Requires Receiver")
    @Description("Its header required a receiver: the error handler hears of it too")
    boolean requiresReceiver;
  }

  @Name("dev.herald.PostChainTooDeep")
  @Label("Post Chain Too Deep")
  @Description(
      "The stack overflowed while handlers ran: a chain of nested posts, or a handler that"
          + " recursed; the poster gets a PostChainTooDeepException")
  @Category({HERALD, "Failures"})
  @StackTrace(false) // the overflowed stack: long, and the exception names the chain
  static final class PostChainTooDeepEvent extends Event {
    @Label("Message Type")
    @Description("The message whose handler overflowed the stack, the deepest of the chain")
    Class<?> messageType;

    @Label("Posts Unwound")
    @Description(
        "How many nested posts the exception had unwound through when the event was recorded,"
            + " counted from the first frame with room on the stack")
    int unwound;
  }

  @Name("dev.herald.QueueDepth")
  @Label("Queue Depth Reached")
  @Description(
      "A lane's queue, or the asynchronous calls not yet finished, reached the bus's"
          + " queueDepthThreshold; recorded again only after it fell below and rose again")
  @Category({HERALD, "Queues"})
  static final class QueueDepthEvent extends Event {
    @Label("Queue")
    @Description("\"lane <name>\", or \"async\" for the asynchronous handlers' calls")
    String queue;

    @Label("Depth")
    @Description("How many are waiting: the threshold, which it just reached")
    int depth;
  }

  @Name("dev.herald.Shutdown")
  @Label("Bus Shutdown")
  @Description("A bus shut down: what it did with the work it found (its ShutdownReport)")
  @Category({HERALD, "Lifecycle"})
  static final class ShutdownEvent extends Event {
    @Label("Delivered")
    int delivered;

    @Label("Discarded")
    int discarded;

    @Label("Failed")
    int failed;

    @Label("Unfinished Async Calls")
    int unfinishedAsync;
  }

  @Name("dev.herald.Post")
  @Label("Post")
  @Description(
      "A plain post, from MessageBus.post to its return; recorded only by a bus built with"
          + " postEvents(true)")
  @Category({HERALD, "Posts"})
  @StackTrace(false)
  static final class PostEvent extends Event {
    @Label("Message Type")
    Class<?> messageType;

    @Label("Handlers")
    @Description("How many handlers ran, as post returns it")
    int handlers;
  }
}
