package dev.herald.nats;

import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.bridge.Bridge;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import io.nats.client.Connection;
import io.nats.client.Dispatcher;
import io.nats.client.JetStream;
import io.nats.client.Message;
import io.nats.client.MessageConsumer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The bridge's hub: its state and what its parts call (the {@link Startup} that builds it, the
 * {@link Exporter}s, the {@link Importer}s, the {@link ConnectionWatcher}, the {@link Announcer}).
 * {@link NatsBridge} is the public face over it, as nats.java's {@code Connection} is over {@code
 * NatsConnection}: what a program may call is there, what the parts share is here.
 */
final class BridgeCore {
  final MessageBus bus;
  final CodecRegistry codecs;
  final String origin;

  /** This run of the process: a restart under the same origin is a new sender ({@link Prelude}). */
  final long incarnation;

  final boolean echo;
  final Duration requestTimeout;

  /** How often a durable message whose delivery failed is delivered in all, and how far apart. */
  final int deliveryAttempts;

  final Duration redeliveryDelay;
  final RemoteProcesses remotes;
  final CoarseClock clock = new CoarseClock();
  final Numberings numberings = new Numberings(clock);
  private final Duration announceInterval;
  private java.util.Timer timer;
  private Announcer announcer;

  /** What the importers are delivering: never exported back. */
  final ImportingThreads importing = new ImportingThreads();

  Connection connection;
  private final boolean ownsConnection;
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong lost = new AtomicLong();
  private final LongAdder malformed = new LongAdder();
  private final LongAdder importFailures = new LongAdder();

  /**
   * Messages sent without a number: to one process, and requests. What is exported is counted by
   * its {@link Channel}'s numbering, which counts it anyway.
   */
  private final LongAdder sentUnnumbered = new LongAdder();

  /** Every importer, each counting what it delivered on its own thread. */
  private final List<Importer> importers = new CopyOnWriteArrayList<>();

  /** The exported subjects, each numbering what it sent; set once built. */
  private volatile List<Channel> channels = List.of();

  private final AtomicBoolean down = new AtomicBoolean();
  private final List<Registration> exports = new ArrayList<>();
  private final List<MessageConsumer> consumers = new ArrayList<>();
  private final ConnectionWatcher watcher = new ConnectionWatcher(this);

  /** Open once the bridge is started, or closed: imports wait for it. */
  private final CountDownLatch startup = new CountDownLatch(1);

  private volatile boolean running;
  private Dispatcher dispatcher;
  private JetStream jetStream;
  private String server;
  private volatile boolean closed;

  /** What the program holds: the public face of this bridge. */
  final NatsBridge facade;

  BridgeCore(
      NatsBridge.Builder builder,
      CodecRegistry codecs,
      long incarnation,
      Connection connection,
      boolean ownsConnection) {
    this.bus = builder.bus;
    this.codecs = codecs;
    this.origin = builder.origin;
    this.incarnation = incarnation;
    this.announceInterval = builder.announceInterval;
    this.echo = builder.echo;
    this.requestTimeout = builder.requestTimeout;
    this.deliveryAttempts = builder.deliveryAttempts;
    this.redeliveryDelay = builder.redeliveryDelay;
    this.remotes = new RemoteProcesses(bus, this);
    this.connection = connection;
    this.ownsConnection = ownsConnection;
    this.facade = new NatsBridge(this);
  }

  /** {@link NatsBridge#start()}. */
  void start() {
    if (closed) {
      throw new IllegalStateException("This NatsBridge is closed: build a new one");
    }
    running = true;
    startup.countDown();
  }

  long droppedCount() {
    return dropped.get();
  }

  long lostCount() {
    return lost.get();
  }

  /** {@link NatsBridge#counters()}. */
  NatsBridgeCounters counters() {
    long sent = sentUnnumbered.sum();
    for (Channel channel : channels) {
      sent += channel.sentCount();
    }
    long received = 0;
    for (Importer importer : importers) {
      received += importer.deliveredCount();
    }
    return new NatsBridgeCounters(
        sent, received, lost.get(), dropped.get(), malformed.sum(), importFailures.sum());
  }

  /** An importer of this bridge, whose deliveries count in {@link #counters()}. */
  Importer importer(Class<?> expected, boolean durable) {
    Importer importer = new Importer(this, expected, durable);
    importers.add(importer);
    return importer;
  }

  /** A message without a number (to one process, or a request) was handed to NATS. */
  void sentUnnumbered() {
    sentUnnumbered.increment();
  }

  /** {@link NatsBridge#close()}. */
  void close() throws InterruptedException {
    if (closed) {
      return;
    }
    closed = true;
    startup.countDown(); // imports still waiting for the start leave without posting
    for (Registration export : exports) {
      export.close();
    }
    if (timer != null) {
      timer.cancel();
      announcer.announce(true); // the last numbers, for receivers that missed the last messages
    }
    for (MessageConsumer consumer : consumers) {
      try {
        consumer.close();
      } catch (Exception e) {
        report(
            new ConnectionLostException(
                server + " (while closing a JetStream consumer: " + e + ")"));
      }
    }
    if (dispatcher != null) {
      try {
        // unsubscribes, and lets the handler in progress finish: it may be answering a request
        dispatcher.drain(Duration.ofSeconds(5)).get(6, java.util.concurrent.TimeUnit.SECONDS);
      } catch (TimeoutException
          | java.util.concurrent.ExecutionException
          | IllegalStateException e) {
        closeDispatcher(); // the connection is down: nothing to drain
      }
    }
    try {
      connection.flush(Duration.ofSeconds(5));
    } catch (TimeoutException | IllegalStateException notConnected) {
      // what was still buffered is lost with the connection; its receivers see the gap
    }
    remotes.closeAll();
    if (ownsConnection) {
      connection.close();
    } else {
      connection.removeConnectionListener(watcher);
    }
  }

  private void closeDispatcher() {
    try {
      connection.closeDispatcher(dispatcher);
    } catch (IllegalStateException closedAlready) {
      // a connection the program gave the bridge, and closed before the bridge: nothing is left
    }
  }

  @Override
  public String toString() {
    return "NatsBridge["
        + origin
        + " at "
        + server
        + ", "
        + dropped.get()
        + " dropped, "
        + lost.get()
        + " lost]";
  }

  void built(
      Dispatcher dispatcher,
      List<MessageConsumer> consumers,
      List<Registration> exports,
      List<Channel> channels) {
    this.dispatcher = dispatcher;
    this.consumers.addAll(consumers);
    this.exports.addAll(exports);
    this.server = connection.getConnectedUrl();
    this.channels = List.copyOf(channels);
    this.announcer = new Announcer(this, channels);
    this.timer = new java.util.Timer("herald-nats " + origin, true);
    long period = announceInterval.toMillis();
    timer.scheduleAtFixedRate(announcer, period, period);
  }

  /**
   * Waits until the bridge is started; returns whether it runs (false when it closed, or never
   * built, or the thread was interrupted).
   */
  boolean awaitStart() {
    try {
      startup.await();
    } catch (InterruptedException closing) {
      Thread.currentThread().interrupt();
      return false;
    }
    return running && !closed;
  }

  /** Whether {@link #close()} was called. */
  boolean isClosed() {
    return closed;
  }

  ConnectionWatcher watcher() {
    return watcher;
  }

  synchronized JetStream jetStream() throws IOException {
    if (jetStream == null) {
      jetStream = connection.jetStream();
    }
    return jetStream;
  }

  void report(NatsBridgeException failure) {
    Bridge.of(bus).reportError(failure, "NatsBridge " + origin, null);
  }

  void importFailed(ImportFailedException failure) {
    importFailed(failure, true);
  }

  /** Reports {@code failure}; {@code counts}: unless a copy of the message counted already. */
  void importFailed(ImportFailedException failure, boolean counts) {
    if (counts && !failure.willBeRedelivered()) {
      lost.incrementAndGet();
    }
    importFailures.increment();
    NatsFlightEvents.importFailed(origin, failure);
    report(failure);
  }

  /** Reports a message from another process that cannot be read. */
  void malformed(MalformedPayloadException failure) {
    malformed.increment();
    NatsFlightEvents.malformedPayload(origin, failure);
    report(failure);
  }

  /** A message from another process that arrived but cannot be read (reported malformed). */
  void unreadable() {
    lost.incrementAndGet();
  }

  /**
   * The last resort of an importer whose report threw (the error handler threw, or memory ran out
   * again): the log, since nothing thrown on the client's thread reaches anyone.
   */
  void couldNotReport(Throwable failure, String subject) {
    try {
      System.getLogger("dev.herald.nats")
          .log(
              System.Logger.Level.ERROR,
              "Herald's NATS bridge "
                  + origin
                  + " could not report a failure to import a message on subject "
                  + subject
                  + " to the bus's error handler; the imports go on",
              failure);
    } catch (RuntimeException | Error unloggable) {
      // nothing is left to tell: the import goes on
    }
  }

  void dropped(Object message, String subject, Throwable cause) {
    long droppedSoFar = dropped.incrementAndGet();
    NatsFlightEvents.messageDropped(origin, subject, message, cause, droppedSoFar);
    report(new MessageDroppedException(message, subject, droppedSoFar, cause));
  }

  void lost(String from, String subject, long count) {
    long lostSoFar = lost.addAndGet(count);
    NatsFlightEvents.messagesLost(origin, from, subject, count, lostSoFar);
    report(new MessagesLostException(from, subject, count));
    postLocally(new MessagesLost(from, subject, count));
  }

  void connectionChanged(NatsConnectionEvent.Kind kind) {
    String url = connection == null ? null : connection.getConnectedUrl();
    if (url != null) {
      server = url;
    }
    // the client says DISCONNECTED again after each failed attempt: one outage, one report
    boolean wasDown = down.getAndSet(kind != NatsConnectionEvent.Kind.RECONNECTED);
    if (kind == NatsConnectionEvent.Kind.DISCONNECTED) {
      if (wasDown) {
        return;
      }
      if (!closed) {
        report(new ConnectionLostException(server));
      }
    }
    long droppedSoFar = dropped.get();
    NatsFlightEvents.connectionChanged(origin, kind, server, droppedSoFar);
    postLocally(new NatsConnectionEvent(facade, kind, server, droppedSoFar));
  }

  private void postLocally(Object message) {
    if (!bus.isClosed()) {
      try {
        bus.post(message);
      } catch (IllegalStateException closedMeanwhile) {
        // the bus closed between the check and the post: nobody is left to tell
      }
    }
  }

  /**
   * Publishes {@code message} for the process {@code to} alone; returns 1, or 0 when it was dropped
   * (and reported).
   */
  int sendDirect(String subject, Object message) {
    byte[] payload = Prelude.write(codecs, incarnation, 0, message);
    // counted before it goes: the receiver may count it received, and answer, before publish
    // returns here, and counters read then must not say it received more than was sent
    sentUnnumbered.increment();
    try {
      connection.publish(subject, payload);
      return 1;
    } catch (IllegalStateException bufferFullOrClosed) {
      sentUnnumbered.decrement();
      dropped(message, Subjects.withoutOrigin(subject), bufferFullOrClosed);
      return 0;
    }
  }

  /** Answers a request from another process with what the local handlers reply, if anything. */
  void answer(RemoteProcess sender, Object request, String replyTo) {
    List<Object> replies = sender.endpoint.request(request, Object.class);
    if (replies.isEmpty()) {
      return; // leave the answer to a process that has one
    }
    WireWriter out = WireWriter.growable(64);
    for (Object reply : replies) {
      try {
        codecs.encode(reply, out);
      } catch (IllegalArgumentException notAWireType) {
        dropped(reply, replyTo, notAWireType);
      }
    }
    if (out.position() > 0) {
      try {
        connection.publish(replyTo, out.toByteArray());
      } catch (IllegalStateException bufferFullOrClosed) {
        dropped(replies, replyTo, bufferFullOrClosed);
      }
    }
  }

  /**
   * The replies another process answered with: frames one after the other. What cannot be read is
   * reported under {@code subject}, the request's as the user named it: the reply's own is an
   * inbox, which names neither the request nor who answered.
   */
  List<Object> decodeReplies(Message reply, String subject) {
    List<Object> replies = new ArrayList<>();
    WireReader in = new WireReader(reply.getData());
    while (in.hasRemaining()) {
      try {
        replies.add(codecs.decode(in));
      } catch (WireFormatException unreadable) {
        malformed(
            new MalformedPayloadException(
                "a reply to a request: " + unreadable.getMessage(),
                subject,
                Prelude.UNKNOWN,
                unreadable));
      }
    }
    return replies;
  }
}
