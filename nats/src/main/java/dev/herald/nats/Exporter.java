package dev.herald.nats;

import dev.herald.bridge.Forwarder;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamStatusException;
import io.nats.client.Message;
import io.nats.client.PublishOptions;
import io.nats.client.api.PublishAck;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Hands every exported message posted on the bus to NATS: published (core NATS or JetStream), or,
 * when it was sent with {@code request}, sent as a NATS request whose answer becomes the replies. A
 * {@link Forwarder}, so a plain post reaches it by a direct call, with no envelope made and no
 * clock read. Messages that came in through the bridge are not sent back out: the importer marks
 * the message its thread is delivering ({@link ImportingThreads}).
 */
final class Exporter implements Forwarder<Object> {
  /** How often a JetStream publish is tried before the message counts as dropped. */
  static final int JETSTREAM_ATTEMPTS = 3;

  /** The status with which the server answers a request on a subject nobody subscribes to. */
  private static final int NO_RESPONDERS = 503;

  private final BridgeCore bridge;
  private final Map<Class<?>, Outlet> outlets;

  /** The outlet of the exported type itself, if it is a wire class: most messages are of it. */
  private final Outlet own;

  Exporter(BridgeCore bridge, Map<Class<?>, Outlet> outlets, Class<?> exportedType) {
    this.bridge = bridge;
    this.outlets = outlets;
    this.own = outlets.get(exportedType);
  }

  @Override
  public void forward(Object message) {
    if (bridge.importing.isImporting(message)) {
      return; // it came from NATS: sending it back would loop
    }
    Outlet outlet = outletOf(message);
    if (outlet.channel.durable) {
      publishDurably(message, outlet);
    } else {
      publish(message, outlet);
    }
  }

  @Override
  public List<?> forwardRequest(Object message) {
    if (bridge.importing.isImporting(message)) {
      return List.of(); // a request from another process, which this one answers
    }
    return request(message, outletOf(message).channel);
  }

  private Outlet outletOf(Object message) {
    Class<?> type = message.getClass();
    Outlet outlet = own;
    if (outlet != null && outlet.type == type) {
      return outlet;
    }
    outlet = outlets.get(type);
    if (outlet == null && message instanceof Enum<?>) {
      outlet = outlets.get(((Enum<?>) message).getDeclaringClass()); // a constant with a body
    }
    if (outlet == null) {
      throw new IllegalArgumentException(
          "Cannot export "
              + message
              + ": its class "
              + type.getName()
              + " is a subtype of an exported type but not a wire type"
              + " the bridge's codec registry knows. Annotate it @Wire and build it with herald-processor");
    }
    return outlet;
  }

  private void publish(Object message, Outlet outlet) {
    Channel channel = outlet.channel;
    IllegalStateException failure;
    synchronized (channel) {
      try {
        bridge.connection.publish(channel.subject, channel.payload(outlet.codec, message));
        channel.advance();
        return;
      } catch (IllegalStateException bufferFullOrClosed) {
        failure = bufferFullOrClosed;
      }
    }
    bridge.dropped(message, channel.name, failure);
  }

  private void publishDurably(Object message, Outlet outlet) {
    Channel channel = outlet.channel;
    Exception failure = null;
    synchronized (channel) {
      // a number whose id the stream already holds was taken by a publication reported
      // dropped (its acknowledgement never came, yet it was stored): once more, with the next
      boolean taken = true;
      for (int numbers = 0; taken && numbers < 2; numbers++) {
        byte[] body = channel.payload(outlet.codec, message);
        // the same id on every attempt: the stream keeps one copy whatever number arrives;
        // the incarnation keeps the next run of this process, which numbers from 1 again, from
        // repeating this run's ids
        PublishOptions options = PublishOptions.builder().messageId(messageId(channel)).build();
        taken = false;
        for (int attempt = 0; attempt < JETSTREAM_ATTEMPTS; attempt++) {
          try {
            PublishAck ack = bridge.jetStream().publish(channel.subject, body, options);
            channel.advance();
            if (attempt > 0 || !ack.isDuplicate()) {
              return; // stored, by this attempt or an earlier one of this message
            }
            taken = true;
            break;
          } catch (IOException | JetStreamApiException | IllegalStateException e) {
            failure = e;
          }
        }
      }
      if (taken) {
        failure =
            new IllegalStateException("the stream holds the ids of two numbers in a row already");
      }
    }
    bridge.dropped(message, channel.name, failure);
  }

  private String messageId(Channel channel) {
    return bridge.origin
        + ":"
        + Long.toHexString(bridge.incarnation)
        + ":"
        + channel.name
        + ":"
        + channel.next();
  }

  private List<?> request(Object message, Channel channel) {
    if (channel.durable) {
      throw new IllegalArgumentException(
          "Cannot request "
              + message
              + " from other processes: "
              + channel.name
              + " is exported through JetStream, whose stream would answer with its"
              + " acknowledgement. Export request types with exportType, not exportDurable");
    }
    Duration timeout = bridge.requestTimeout;
    long sentAt = System.nanoTime();
    CompletableFuture<Message> answer =
        bridge.connection.requestWithTimeout(
            channel.subject,
            null,
            Prelude.write(bridge.codecs, bridge.incarnation, 0, message),
            timeout);
    bridge.sentUnnumbered();
    try {
      // timed here, to the configured timeout: the client only cancels a request that is
      // overdue when its cleanup runs, seconds later, and then as if nobody had received it
      long left = timeout.toNanos() - (System.nanoTime() - sentAt);
      Message reply = answer.get(Math.max(0, left), TimeUnit.NANOSECONDS);
      return bridge.decodeReplies(reply, channel.name);
    } catch (CancellationException | ExecutionException refused) {
      // the client cancels a request when it closes too, before its status says so
      if (isNoResponders(refused)
          && System.nanoTime() - sentAt < timeout.toNanos()
          && !bridge.isClosed()
          && bridge.connection.getStatus() == Connection.Status.CONNECTED) {
        return List.of(); // nobody imports the subject: like a local request nobody answers
      }
      bridge.report(new RequestTimeoutException(message, channel.name, timeout));
      return List.of();
    } catch (TimeoutException timedOut) {
      answer.cancel(true);
      bridge.report(new RequestTimeoutException(message, channel.name, timeout));
      return List.of();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      answer.cancel(true);
      return List.of();
    }
  }

  /**
   * Whether the client ended a request because the server said nobody subscribes to its subject: it
   * cancels the request's future (or, on a connection made with {@code reportNoResponders}, fails
   * it with the server's 503 status). The client's cleanup of overdue requests cancels them too,
   * but only once their timeout has passed, which the caller tells apart by the clock.
   */
  private static boolean isNoResponders(Exception refused) {
    if (refused instanceof CancellationException) {
      return true;
    }
    Throwable cause = refused.getCause();
    return cause instanceof JetStreamStatusException
        && ((JetStreamStatusException) cause).getStatus().getCode() == NO_RESPONDERS;
  }
}
