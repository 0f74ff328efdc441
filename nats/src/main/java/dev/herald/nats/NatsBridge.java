package dev.herald.nats;

import dev.herald.Address;
import dev.herald.MessageBus;
import dev.herald.wire.CodecRegistry;
import io.nats.client.Connection;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Carries a bus's messages to other processes, and theirs to it, through a NATS server.
 *
 * <pre>{@code
 * bridge = NatsBridge.builder(bus)
 *     .server("nats://127.0.0.1:4222")
 *     .exportType(Goal.class)                 // every Goal posted here goes out...
 *     .importSubject("herald.com.acme.match.>") // ...and everything of that package comes in
 *     .build();                               // connected and subscribed; imports wait...
 * bridge.start();                             // ...until now: handlers find the bridge set
 * }</pre>
 *
 * <h2>Export</h2>
 *
 * Every message of an exported type (a {@code @Wire} type, or a sealed interface or other supertype
 * of wire types, which exports each of them) that is posted or sent on the bus is encoded with its
 * codec and published. Its subject is given explicitly, or derived from its wire type: {@code
 * herald.} and the type's canonical name, so {@code com.acme.Match.Goal} goes to {@code
 * herald.com.acme.Match.Goal} (the prefix can be changed). On the wire the subject carries the
 * process's {@linkplain #origin() origin} as its second token ({@code
 * herald.lobby-1.com.acme.Match.Goal}), where the server's permissions can bind it to a user;
 * importers subscribe with {@code *} in its place. A message sent with {@code bus.request} is sent
 * as a NATS request instead: the first process that has replies answers with all of them, and they
 * join the local replies; when nobody answers within the {@linkplain Builder#requestTimeout
 * timeout} a {@link RequestTimeoutException} is reported. The exporting handler is hidden: a
 * message only it receives is still dead locally.
 *
 * <h2>Import</h2>
 *
 * Every message arriving on an imported subject (wildcards allowed) is decoded and posted on the
 * bus, from an {@link Address} that stands for the process that sent it, one per process ({@link
 * #originOf} names it). The sender is the subject's second token, checked with the builder's rule
 * for origins, never a claim in the payload; the few bytes the sending bridge writes before the
 * message's frame hold its incarnation (this run of the process) and the message's number on its
 * subject. A process does not receive its own exports unless {@linkplain Builder#echo asked}, and
 * never exports again what it imported: while the client's thread delivers an imported message,
 * that object is not exported, even if a handler posts it again (an enum constant is one object);
 * anything else a handler posts meanwhile is.
 *
 * <h2>What is promised</h2>
 *
 * Through core NATS, at most once: each message arrives once or not at all, in order per subject
 * and sender. What goes missing is reported, never silent: the receiver counts each sender's
 * messages per subject and reports gaps ({@link MessagesLost} on the bus and a {@link
 * MessagesLostException}); the sender counts and reports what it could not hand to the client
 * ({@link MessageDroppedException}), such as what overflows the bounded buffer that holds exports
 * while the connection is down. A loss at the end of a stream is reported from the number of the
 * last message that each sender announces on each subject it exports on, at most {@value
 * Channel#QUIET_LIMIT} {@linkplain Builder#announceInterval intervals} after the receiver is
 * subscribed again, while the sender runs. A process that restarts under the same origin is a new
 * incarnation, counted afresh. A number beyond what its sender can have sent (ten million messages
 * a second) is reported malformed and moves nothing. An importer keeps at most 1,024 processes,
 * origins of at most 64 characters, and the numbering of at most 4,096 subjects of at most 1,024
 * bytes (a longer subject is reported malformed, and the builder refuses one); forgetting one makes
 * neither a false loss nor a silent drop. Through JetStream ({@link Builder#exportDurable}, {@link
 * Builder#importDurable}), at least once with de-duplication: the stream stores each message once
 * under its message id, whatever retries happen, a durable consumer delivers what a process missed
 * while it was down, and redeliveries are dropped, so a handler sees each message once (a process
 * that dies between handling a message and acknowledging it sees it again after its restart). A
 * durable message is acknowledged only once its handlers on the importing thread returned; one
 * whose handler threw is delivered again, to every handler, after the {@linkplain
 * Builder#redelivery redelivery} delay (after the messages sent since), and after the last attempt
 * terminated and reported as an {@link ImportFailedException}. One that cannot be read is
 * terminated at once.
 *
 * <p>Nothing is posted before {@link #start()}: what arrives after {@link Builder#build()}
 * subscribed waits in the client, in order.
 *
 * <h2>What is not promised</h2>
 *
 * That an origin is who it says, unless the server's permissions allow each user to publish only
 * under its own origin ({@code herald.lobby-1.>}, {@code _HERALD.lobby-1.>}); a tail loss from a
 * sender that closed before the receiver heard an announcement; gaps across a forgotten numbering;
 * two processes sharing an origin; exactly once.
 *
 * <h2>Failures</h2>
 *
 * They go to the bus's {@link dev.herald.ErrorHandler} as {@link NatsBridgeException}s, and the
 * bridge goes on: a lost connection ({@link ConnectionLostException}, and a {@link
 * NatsConnectionEvent} on the bus), a publication the server refused ({@link
 * PublishRefusedException}), a message that cannot be read ({@link MalformedPayloadException}),
 * dropped, lost, or unanswered messages. Nothing thrown while a message is imported reaches the
 * NATS client, which would only pass it to a listener: an {@link Error} from decoding it (an {@link
 * OutOfMemoryError} for a hostile length, a {@link StackOverflowError} for a hostile nesting), or
 * whatever escapes the bus while it is delivered (a handler's {@link VirtualMachineError}, what the
 * error handler itself threw), is reported as an {@link ImportFailedException} naming the subject
 * and the sender, the message counts in {@link #lostCount()}, and the next message is imported as
 * usual. The bridge does not stop the process; an error handler may, from the exception's cause. A
 * report that throws in turn is logged ({@code System.Logger} {@code dev.herald.nats}).
 *
 * <p>What the bridge carried and what it could not is counted ({@link #counters()}), and each
 * change of connection, gap, dropped message, malformed payload and failed import is recorded as a
 * JDK Flight Recorder event ({@code dev.herald.nats.ConnectionChanged}, {@code MessagesLost},
 * {@code MessageDropped}, {@code MalformedPayload}, {@code ImportFailed}; category Herald / NATS)
 * when a recording asks for them. A message carried as it should be records none.
 *
 * <p>Thread-safe. Imported messages are posted on the NATS client's threads: those of core NATS on
 * one (the dispatcher of all the bridge's core subscriptions), one after the other, and each
 * durable import's on its own; their synchronous handlers run there. Exports are handed to the
 * client on the thread that posts them.
 *
 * <p>This class is the bridge's public face: the builder and what a program calls. Its parts
 * (exporters, importers, the connection's watcher) share a package-private core.
 *
 * @since 0.1
 */
public final class NatsBridge implements AutoCloseable {
  /**
   * The longest protocol line, in bytes, that the connection a bridge opens reads: 64 KiB (jnats's
   * {@code Options.Builder.maxControlLine}, 4 KiB by default). The server delivers a message on a
   * line longer than the one the publisher sent it, which its {@code max_control_line} (4 KiB by
   * default) bounds; a client that reads no longer lines than that loses its connection to any
   * publisher that sends a subject of nearly that length. Give a connection made for {@link
   * Builder#connection} at least this much, and keep the server's {@code max_control_line} well
   * below it (60 KiB at most leaves room for what the server adds).
   */
  public static final int MAX_CONTROL_LINE = 64 * 1024;

  /** The state and the hub that the bridge's parts call; this class only delegates to it. */
  final BridgeCore core;

  NatsBridge(BridgeCore core) {
    this.core = core;
  }

  /**
   * Starts posting what the bridge imports, which waited since {@link Builder#build} (in the
   * client, in order): from now on, handlers on the client's threads may receive imports. Whatever
   * the thread that calls this did before, such as storing the bridge where a handler reads it,
   * those handlers see done. Idempotent.
   *
   * @return this bridge
   * @throws IllegalStateException if the bridge is closed
   */
  public NatsBridge start() {
    core.start();
    return this;
  }

  /** Starts configuring a bridge for {@code bus}. */
  public static Builder builder(MessageBus bus) {
    return new Builder(bus);
  }

  /**
   * This process's name on NATS, the second token of every subject it publishes on: given to the
   * builder, or made up at random. Other processes see it through {@link #originOf}.
   */
  public String origin() {
    return core.origin;
  }

  /**
   * The process that {@code address} stands for, when it is the {@code Envelope.from()} of a
   * message this bridge imported: that process's {@link #origin()}, as its subject named it (a
   * client other than a bridge is named so too). {@code null} for any other address.
   */
  public String originOf(Address address) {
    return address == null ? null : core.remotes.originOf(address);
  }

  /** How many messages this bridge could not hand to NATS (each was reported). */
  public long droppedCount() {
    return core.droppedCount();
  }

  /**
   * How many messages from other processes never reached this bus's handlers, each reported and
   * each counted once: those this bridge noticed never arrived ({@link MessagesLostException}),
   * those that arrived from a bridge, numbered, but could not be read ({@link
   * MalformedPayloadException}), and those that arrived but could not be delivered, for good
   * ({@link ImportFailedException}). A copy of a message counted already (for overlapping imports,
   * or redelivered) does not count again.
   */
  public long lostCount() {
    return core.lostCount();
  }

  /**
   * What this bridge has carried and what it could not, now: messages sent and received, lost,
   * dropped, malformed, and the imports that failed. Cheap enough to read at every scrape of a
   * metrics registry: it sums a few counters, one per exported subject and per import, and takes no
   * lock that a publishing or importing thread holds.
   */
  public NatsBridgeCounters counters() {
    return core.counters();
  }

  /** The connection the bridge uses. */
  public Connection connection() {
    return core.connection;
  }

  /**
   * Waits until the server has received everything exported so far.
   *
   * @throws TimeoutException if that takes longer than {@code timeout}
   */
  public void flush(Duration timeout) throws TimeoutException, InterruptedException {
    core.connection.flush(timeout);
  }

  /**
   * Stops exporting and importing, lets the imported message being handled finish (a request being
   * answered gets its answer out), waits (a few seconds at most) until the server has what was
   * exported and the acknowledgements of what was imported durably, and closes the connection if
   * the bridge opened it. Idempotent. Close the bridge before its bus (what arrives for a closed
   * bus is reported lost), and a connection given to {@link Builder#connection} after the bridge.
   */
  @Override
  public void close() throws InterruptedException {
    core.close();
  }

  @Override
  public String toString() {
    return core.toString();
  }

  /**
   * Configures a {@link NatsBridge}: where the server is, what to export and import, and how. Not
   * thread-safe.
   */
  public static final class Builder {
    final MessageBus bus;
    String server;
    Connection connection;
    CodecRegistry codecs;
    String origin = "p" + Long.toHexString(new java.security.SecureRandom().nextLong() >>> 16);
    String prefix = Subjects.DEFAULT_PREFIX;
    boolean echo;
    Duration requestTimeout = Duration.ofSeconds(2);
    Duration announceInterval = Duration.ofSeconds(1);
    int deliveryAttempts = 5;
    Duration redeliveryDelay = Duration.ofSeconds(1);
    long publishBufferBytes = 8L * 1024 * 1024;
    Duration reconnectWait = Duration.ofSeconds(1);
    String stream;
    final List<Startup.Export> exports = new ArrayList<>();
    final List<Startup.Import> imports = new ArrayList<>();

    Builder(MessageBus bus) {
      this.bus = java.util.Objects.requireNonNull(bus, "bus");
    }

    /**
     * Connects to {@code url} ({@code nats://host:4222}) when the bridge starts; the bridge owns
     * that connection, reconnects it for ever, and closes it.
     */
    public Builder server(String url) {
      this.server = java.util.Objects.requireNonNull(url, "url");
      return this;
    }

    /**
     * Uses a connection the program made and will close itself. The bridge cannot then see what the
     * client discards from its queue, nor set the {@link #publishBufferBytes buffer}. Make it with
     * {@code Options.Builder.maxControlLine(NatsBridge.MAX_CONTROL_LINE)} and {@code
     * pingInterval(Duration.ofSeconds(2))}: with jnats's defaults, any client that may publish into
     * the bridge's subjects can end it ({@link #MAX_CONTROL_LINE}), or stop its reading for minutes
     * with headers the client cannot parse, and the bridge logs a warning when it is given one
     * ({@code System.Logger} {@code dev.herald.nats}).
     *
     * @throws IllegalArgumentException if the connection's options hand messages to an executor
     *     ({@code useDispatcherWithExecutor}): the bridge needs each subject's messages one after
     *     the other, on one thread
     */
    public Builder connection(Connection connection) {
      java.util.Objects.requireNonNull(connection, "connection");
      if (connection.getOptions().useDispatcherWithExecutor()) {
        throw new IllegalArgumentException(
            "The bridge cannot use a connection made with"
                + " Options.Builder.useDispatcherWithExecutor(): its dispatchers handle messages on several"
                + " threads at once, out of order, and the bridge counts each sender's messages in order."
                + " Give the bridge a connection without it, or server(url)");
      }
      this.connection = connection;
      return this;
    }

    /** The codecs of the wire types; by default every codec {@code ServiceLoader} finds. */
    public Builder codecs(CodecRegistry codecs) {
      this.codecs = java.util.Objects.requireNonNull(codecs, "codecs");
      return this;
    }

    /**
     * This process's name, the second token of every subject it publishes on: at most {@value
     * Subjects#ORIGIN_MAX_LENGTH} printable ASCII characters, without dots or wildcards; by default
     * a random one. Give every process its own: two with one name take each other's messages for
     * echoes. A process that restarts may keep its name: each start is a new incarnation, whose
     * numbers receivers count afresh.
     */
    public Builder origin(String origin) {
      if (!Subjects.isOrigin(origin)) {
        throw new IllegalArgumentException(
            "An origin must be a non-empty name of at most "
                + Subjects.ORIGIN_MAX_LENGTH
                + " printable ASCII characters without dots or wildcards"
                + " (it is a subject token): \""
                + origin
                + "\"");
      }
      this.origin = origin;
      return this;
    }

    /** The first token of derived subjects, {@code herald} by default; may have dots. */
    public Builder subjectPrefix(String prefix) {
      this.prefix = Subjects.check(prefix, false, "subjectPrefix");
      return this;
    }

    /**
     * Publishes every message of {@code type} (a wire type, or a supertype of wire types such as a
     * sealed interface) on its derived subject: {@code <prefix>.<canonical name>} of each wire
     * type.
     */
    public Builder exportType(Class<?> type) {
      exports.add(new Startup.Export(type, null, false));
      return this;
    }

    /** Publishes every message of {@code type} on {@code subject} (no wildcards). */
    public Builder exportType(Class<?> type, String subject) {
      exports.add(new Startup.Export(type, Subjects.check(subject, false, "exportType"), false));
      return this;
    }

    /**
     * Like {@link #exportType(Class)}, through JetStream: each message is stored by the {@link
     * #stream stream} once, under a message id, and the publish waits for the server's
     * acknowledgement (it is tried {@value Exporter#JETSTREAM_ATTEMPTS} times, then reported
     * dropped). Requests of such a type are not forwarded.
     */
    public Builder exportDurable(Class<?> type) {
      exports.add(new Startup.Export(type, null, true));
      return this;
    }

    /** Like {@link #exportDurable(Class)}, on {@code subject}. */
    public Builder exportDurable(Class<?> type, String subject) {
      exports.add(new Startup.Export(type, Subjects.check(subject, false, "exportDurable"), true));
      return this;
    }

    /**
     * Posts on the bus what other processes export of {@code type}, from the derived subjects of
     * its wire types; a message of another type there is reported malformed.
     */
    public Builder importType(Class<?> type) {
      imports.add(new Startup.Import(type, null, null));
      return this;
    }

    /** Posts on the bus what other processes publish on {@code subject}, of any wire type. */
    public Builder importSubject(String subject) {
      imports.add(new Startup.Import(null, Subjects.check(subject, true, "importSubject"), null));
      return this;
    }

    /**
     * Posts on the bus what the {@link #stream stream} holds on {@code subject}, through the
     * durable consumer {@code consumer}: a process that restarts with the same consumer name gets
     * what was stored while it was away, and nothing it had acknowledged.
     */
    public Builder importDurable(String subject, String consumer) {
      if (!Subjects.isName(consumer, ".*>")) {
        throw new IllegalArgumentException(
            "A durable consumer's name must be non-empty, without dots,"
                + " wildcards or white space: \""
                + consumer
                + "\"");
      }
      imports.add(
          new Startup.Import(null, Subjects.check(subject, true, "importDurable"), consumer));
      return this;
    }

    /**
     * The JetStream stream that durable exports and imports use; created when the bridge starts if
     * it does not exist, and given the subjects it lacks.
     */
    public Builder stream(String name) {
      this.stream = Subjects.check(name, false, "stream");
      return this;
    }

    /** Whether this process also receives what it exports itself; {@code false} by default. */
    public Builder echo(boolean echo) {
      this.echo = echo;
      return this;
    }

    /**
     * How long a request waits for another process to answer; 2 seconds by default. A request
     * nobody answers returns once this has passed (give or take the moment its thread takes to
     * wake), with the local replies only, and a {@link RequestTimeoutException} is reported, every
     * time; a request on a subject no process imports returns at once, with no error.
     */
    public Builder requestTimeout(Duration timeout) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("requestTimeout must be positive: " + timeout);
      }
      this.requestTimeout = timeout;
      return this;
    }

    /**
     * How a durable import retries a message whose delivery failed (a handler threw, or delivering
     * it threw out of the bus): JetStream delivers it again after {@code delay}, to every handler,
     * up to {@code attempts} deliveries in all; after the last it is terminated and reported as an
     * {@link ImportFailedException}. 5 attempts, 1 second apart, by default.
     */
    public Builder redelivery(int attempts, Duration delay) {
      if (attempts < 1) {
        throw new IllegalArgumentException("redelivery attempts must be at least 1: " + attempts);
      }
      if (delay.isNegative()) {
        throw new IllegalArgumentException("the redelivery delay must not be negative: " + delay);
      }
      this.deliveryAttempts = attempts;
      this.redeliveryDelay = delay;
      return this;
    }

    /**
     * How many bytes of exports the client holds while the connection is down (8 MiB by default);
     * what does not fit is dropped and reported.
     */
    public Builder publishBufferBytes(long bytes) {
      if (bytes <= 0) {
        throw new IllegalArgumentException("publishBufferBytes must be positive: " + bytes);
      }
      this.publishBufferBytes = bytes;
      return this;
    }

    /**
     * How often the bridge announces, on each subject it exports on through core NATS, the number
     * of the last message it sent there, so that a receiver learns of a loss at the end of a
     * stream: 1 second by default. A receiver hears of such a loss at the latest {@value
     * Channel#QUIET_LIMIT} intervals after it is subscribed again, while this process runs (within
     * one interval while it keeps sending).
     */
    public Builder announceInterval(Duration interval) {
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("announceInterval must be positive: " + interval);
      }
      this.announceInterval = interval;
      return this;
    }

    /** How long the client waits between attempts to reconnect; 1 second by default. */
    public Builder reconnectWait(Duration wait) {
      this.reconnectWait = java.util.Objects.requireNonNull(wait, "wait");
      return this;
    }

    /**
     * Connects (if given a server), subscribes to the imports, and starts exporting, but posts no
     * import yet: what arrives waits until {@link NatsBridge#start()}. When it returns, the server
     * knows the subscriptions. Store the bridge where handlers find it, then start it: a handler
     * that asks the bridge (for {@link NatsBridge#originOf}) then never finds it missing. Imports
     * that wait too long overflow the client's queue, as for a slow consumer.
     *
     * @throws IllegalArgumentException if an exported or imported type has no wire type the codecs
     *     know, a type is exported twice, or something durable has no stream
     * @throws IOException if the server cannot be reached or refuses JetStream requests
     */
    public NatsBridge build() throws IOException, InterruptedException {
      return new Startup(this).build();
    }

    /**
     * {@link #build()}, then {@link NatsBridge#start()}: nothing is posted before the bridge has
     * connected, subscribed and started exporting, but imports may reach handlers as this returns,
     * before the caller has stored what it returns. Handlers that ask the bridge itself need {@code
     * build()}, then {@code start()}.
     *
     * @throws IllegalArgumentException as {@link #build()} does
     * @throws IOException as {@link #build()} does
     */
    public NatsBridge start() throws IOException, InterruptedException {
      return build().start();
    }
  }
}
