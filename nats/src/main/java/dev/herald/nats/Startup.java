package dev.herald.nats;

import dev.herald.Registration;
import dev.herald.bridge.Bridge;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireCodec;
import io.nats.client.Connection;
import io.nats.client.ConsumerContext;
import io.nats.client.Dispatcher;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.MessageConsumer;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import io.nats.client.api.StreamInfo;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;

/**
 * Turns a {@link NatsBridge.Builder} into a bridge, ready to start: checks, connects, subscribes,
 * exports.
 */
final class Startup {
  /** The JetStream error code for "stream not found". */
  private static final int STREAM_NOT_FOUND = 10059;

  /** One {@code exportType} or {@code exportDurable}: {@code subject} null means derived. */
  static final class Export {
    final Class<?> type;
    final String subject;
    final boolean durable;

    Export(Class<?> type, String subject, boolean durable) {
      this.type = java.util.Objects.requireNonNull(type, "type");
      this.subject = subject;
      this.durable = durable;
    }
  }

  /** One import: of a type's derived subjects, or of a subject (durably with a consumer name). */
  static final class Import {
    final Class<?> type;
    final String subject;
    final String consumer;

    Import(Class<?> type, String subject, String consumer) {
      this.type = type;
      this.subject = subject;
      this.consumer = consumer;
    }
  }

  private final NatsBridge.Builder builder;
  private final CodecRegistry codecs;
  private final Map<Class<?>, Outlet> outlets = new HashMap<>();
  private final Map<String, Channel> channelsBySubject = new HashMap<>();

  Startup(NatsBridge.Builder builder) {
    this.builder = builder;
    this.codecs = builder.codecs != null ? builder.codecs : CodecRegistry.load();
  }

  NatsBridge build() throws IOException, InterruptedException {
    if ((builder.server == null) == (builder.connection == null)) {
      throw new IllegalArgumentException(
          "Give the bridge either server(\"nats://host:4222\") or connection(aConnection), not both or neither");
    }
    List<Export> exports = builder.exports;
    long incarnation =
        Prelude.incarnation(
            System.currentTimeMillis(), new java.security.SecureRandom().nextLong());
    byte[] preludeHead = Prelude.head(incarnation);
    for (Export export : exports) {
      addChannels(export, preludeHead);
    }
    checkImportedLengths();
    Set<String> durableSubjects = durableSubjects();
    if (!durableSubjects.isEmpty() && builder.stream == null) {
      throw new IllegalArgumentException(
          "exportDurable and importDurable need a JetStream stream:"
              + " name it with stream(\"NAME\") (the bridge creates it if it does not exist)");
    }
    boolean owns = builder.connection == null;
    BridgeCore bridge =
        new BridgeCore(builder, codecs, incarnation, owns ? null : builder.connection, owns);
    if (owns) {
      bridge.connection = connect(bridge);
    } else {
      warnIfHostilePublishersCanStopIt(builder.connection);
      builder.connection.addConnectionListener(bridge.watcher());
    }
    try {
      if (!durableSubjects.isEmpty()) {
        ensureStream(bridge.connection, durableSubjects);
      }
      Dispatcher dispatcher = bridge.connection.createDispatcher();
      List<MessageConsumer> consumers = new ArrayList<>();
      for (Import spec : builder.imports) {
        subscribe(bridge, spec, dispatcher, consumers);
      }
      // what other processes send to this one alone (to its address on their buses)
      dispatcher.subscribe(
          Subjects.fromAnyOrigin(Subjects.direct(builder.origin)), bridge.importer(null, false));
      List<Registration> registrations = new ArrayList<>();
      for (Export export : exports) {
        Exporter exporter = new Exporter(bridge, outlets, export.type);
        registrations.add(Bridge.of(builder.bus).forward(export.type, exporter));
      }
      bridge.built(
          dispatcher, consumers, registrations, new ArrayList<>(channelsBySubject.values()));
      bridge.connection.flush(Duration.ofSeconds(5));
      return bridge.facade; // what arrives waits for the bridge's start()
    } catch (IOException | JetStreamApiException | TimeoutException | RuntimeException e) {
      bridge.close();
      throw e instanceof IOException
          ? (IOException) e
          : new IOException("Cannot start the NATS bridge: " + e, e);
    }
  }

  /**
   * How often the connection a bridge opens pings the server. A connection whose reading thread
   * ended is found out by pings alone, once two went unanswered, and then connected again.
   */
  static final Duration PING_INTERVAL = Duration.ofSeconds(2);

  private Connection connect(BridgeCore bridge) throws IOException, InterruptedException {
    Options.Builder options =
        new Options.Builder()
            .server(builder.server)
            .connectionName("herald " + builder.origin)
            .connectionListener(bridge.watcher())
            .errorListener(bridge.watcher())
            .reconnectBufferSize(builder.publishBufferBytes)
            .reconnectWait(builder.reconnectWait)
            // the line the server delivers a message on is longer than the one it accepted
            // from the publisher, which its max_control_line bounds: with the client's default,
            // a subject any publisher may send would end this connection (see NatsBridge)
            .maxControlLine(NatsBridge.MAX_CONTROL_LINE)
            // headers the client cannot parse (any publisher may send them, the server passes
            // them on) end its reading thread while the connection still says it is connected:
            // only unanswered pings tell, after two intervals (2 minutes each by default)
            .pingInterval(PING_INTERVAL)
            .maxReconnects(-1);
    if (!builder.echo) {
      options.noEcho();
    }
    try {
      return Nats.connect(options.build());
    } catch (IOException e) {
      throw new IOException(
          "Cannot connect to the NATS server at "
              + builder.server
              + ": "
              + e.getMessage()
              + ". Is nats-server running there?",
          e);
    }
  }

  /**
   * Logs a warning for a connection the program made that reads protocol lines shorter than the
   * bridge needs, or pings the server less often than the bridge's own: any client that may publish
   * into an imported subject could end it, or stop it reading for minutes.
   */
  private void warnIfHostilePublishersCanStopIt(Connection connection) {
    Duration pings = connection.getOptions().getPingInterval();
    if (pings.compareTo(PING_INTERVAL) > 0) {
      System.getLogger("dev.herald.nats")
          .log(
              System.Logger.Level.WARNING,
              "The connection given to NatsBridge "
                  + builder.origin
                  + " pings the server every "
                  + pings.toMillis()
                  + " ms: a client that may publish into the bridge's subjects can stop it reading,"
                  + " with headers the NATS client cannot parse, until two pings went unanswered."
                  + " Make it with Options.Builder.pingInterval(Duration.ofSeconds(2))");
    }
    int lines = connection.getOptions().getMaxControlLine();
    if (lines < NatsBridge.MAX_CONTROL_LINE) {
      System.getLogger("dev.herald.nats")
          .log(
              System.Logger.Level.WARNING,
              "The connection given to NatsBridge "
                  + builder.origin
                  + " reads protocol lines of at most "
                  + lines
                  + " bytes: a client that may publish into the bridge's subjects can end it with"
                  + " one long subject, which the server delivers on a longer line than it accepted."
                  + " Make it with Options.Builder.maxControlLine(NatsBridge.MAX_CONTROL_LINE)");
    }
  }

  /** Every wire type the codecs know that {@code type} stands for: itself, or its subtypes. */
  private List<Class<?>> wireTypesOf(Class<?> type, String what) {
    List<Class<?>> found = new ArrayList<>();
    for (WireCodec<?> codec : codecs.codecs()) {
      Class<?> wireType = codec.type();
      if (!wireType.isInterface() && type.isAssignableFrom(wireType)) {
        found.add(wireType);
      }
    }
    if (found.isEmpty()) {
      throw new IllegalArgumentException(
          "Cannot "
              + what
              + " "
              + type.getName()
              + ": the bridge's codecs"
              + " know no wire type that is, or implements, it. Annotate it (or, for a sealed interface,"
              + " its subtypes) @Wire and build it with herald-processor on the annotation processor path");
    }
    return found;
  }

  private void addChannels(Export export, byte[] preludeHead) {
    for (Class<?> wireType : wireTypesOf(export.type, "export")) {
      String subject =
          export.subject != null ? export.subject : Subjects.derived(builder.prefix, wireType);
      Channel channel = channelsBySubject.get(subject);
      if (channel == null) {
        String published =
            Subjects.checkLength(
                Subjects.withOrigin(subject, builder.origin),
                export.durable ? "exportDurable" : "exportType");
        channel = new Channel(subject, published, export.durable, preludeHead);
        channelsBySubject.put(subject, channel);
      } else if (channel.durable != export.durable) {
        throw new IllegalArgumentException(
            "Subject "
                + subject
                + " is exported both through JetStream"
                + " and through core NATS: export it one way");
      }
      if (outlets.put(wireType, new Outlet(wireType, channel, codecs.codec(wireType))) != null) {
        throw new IllegalArgumentException(
            wireType.getName()
                + " is exported twice (by "
                + export.type.getName()
                + " and by another export): it would be published twice."
                + " Export each type once");
      }
    }
  }

  /**
   * Refuses an import whose subjects, from any origin, are longer than an importer reads: whatever
   * matches it is as long, and would only be reported malformed.
   */
  private void checkImportedLengths() {
    for (Import spec : builder.imports) {
      if (spec.type != null) {
        for (Class<?> wireType : wireTypesOf(spec.type, "import")) {
          Subjects.checkLength(
              Subjects.fromAnyOrigin(Subjects.derived(builder.prefix, wireType)), "importType");
        }
      } else {
        Subjects.checkLength(
            Subjects.fromAnyOrigin(spec.subject),
            spec.consumer != null ? "importDurable" : "importSubject");
      }
    }
  }

  /** The subjects the stream must hold, as published: from any origin. */
  private Set<String> durableSubjects() {
    Set<String> subjects = new LinkedHashSet<>();
    for (Channel channel : channelsBySubject.values()) {
      if (channel.durable) {
        subjects.add(Subjects.fromAnyOrigin(channel.name));
      }
    }
    for (Import spec : builder.imports) {
      if (spec.consumer != null) {
        subjects.add(Subjects.fromAnyOrigin(spec.subject));
      }
    }
    return subjects;
  }

  private void ensureStream(Connection connection, Set<String> subjects)
      throws IOException, JetStreamApiException {
    JetStreamManagement management = connection.jetStreamManagement();
    StreamInfo info;
    try {
      info = management.getStreamInfo(builder.stream);
    } catch (JetStreamApiException e) {
      if (e.getApiErrorCode() != STREAM_NOT_FOUND) {
        throw e;
      }
      management.addStream(
          StreamConfiguration.builder()
              .name(builder.stream)
              .subjects(new ArrayList<>(subjects))
              .storageType(StorageType.File)
              .build());
      return;
    }
    StreamConfiguration config = info.getConfiguration();
    Set<String> all = new LinkedHashSet<>(config.getSubjects());
    if (all.addAll(subjects)) {
      management.updateStream(
          StreamConfiguration.builder(config).subjects(new ArrayList<>(all)).build());
    }
  }

  private void subscribe(
      BridgeCore bridge, Import spec, Dispatcher dispatcher, List<MessageConsumer> consumers)
      throws IOException, JetStreamApiException {
    if (spec.consumer != null) {
      ConsumerContext consumer =
          bridge
              .connection
              .getStreamContext(builder.stream)
              .createOrUpdateConsumer(
                  ConsumerConfiguration.builder()
                      .durable(spec.consumer)
                      .filterSubject(Subjects.fromAnyOrigin(spec.subject))
                      .ackPolicy(AckPolicy.Explicit)
                      .build());
      consumers.add(consumer.consume(bridge.importer(null, true)));
    } else if (spec.type != null) {
      Importer importer = bridge.importer(spec.type, false);
      for (Class<?> wireType : wireTypesOf(spec.type, "import")) {
        dispatcher.subscribe(
            Subjects.fromAnyOrigin(Subjects.derived(builder.prefix, wireType)), importer);
      }
    } else {
      dispatcher.subscribe(Subjects.fromAnyOrigin(spec.subject), bridge.importer(null, false));
    }
  }
}
