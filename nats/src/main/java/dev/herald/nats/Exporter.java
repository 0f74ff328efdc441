package dev.herald.nats;

import dev.herald.Address;
import dev.herald.Envelope;
import dev.herald.Responder;
import io.nats.client.JetStreamApiException;
import io.nats.client.Message;
import io.nats.client.PublishOptions;
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
 * when it was sent with {@code request}, sent as a NATS request whose answer becomes the replies.
 * Messages that came in through the bridge are not sent back out.
 */
final class Exporter implements Responder<Object> {
  /** How often a JetStream publish is tried before the message counts as dropped. */
  static final int JETSTREAM_ATTEMPTS = 3;

  private final NatsBridge bridge;
  private final Map<Class<?>, Channel> channels;

  Exporter(NatsBridge bridge, Map<Class<?>, Channel> channels) {
    this.bridge = bridge;
    this.channels = channels;
  }

  @Override
  public List<?> respond(Object message, Envelope envelope) {
    Address from = envelope.from();
    if (from != null && bridge.remotes.isRemote(from)) {
      return List.of(); // it came from NATS: sending it back would loop
    }
    Channel channel = channelOf(message);
    if (envelope.replyType() != null) {
      return request(message, channel);
    }
    if (channel.durable) {
      publishDurably(message, channel);
    } else {
      publish(message, channel);
    }
    return List.of();
  }

  private Channel channelOf(Object message) {
    Channel channel = channels.get(message.getClass());
    if (channel == null && message instanceof Enum<?>) {
      channel = channels.get(((Enum<?>) message).getDeclaringClass()); // a constant with a body
    }
    if (channel == null) {
      throw new IllegalArgumentException("Cannot export " + message + ": its class "
          + message.getClass().getName() + " is a subtype of an exported type but not a wire type"
          + " the bridge's codec registry knows. Annotate it @Wire and build it with herald-processor");
    }
    return channel;
  }

  private void publish(Object message, Channel channel) {
    IllegalStateException failure;
    synchronized (channel) {
      try {
        bridge.connection.publish(channel.subject, channel.payload(bridge.codecs, message));
        channel.advance();
        return;
      } catch (IllegalStateException bufferFullOrClosed) {
        failure = bufferFullOrClosed;
      }
    }
    bridge.dropped(message, channel.subject, failure);
  }

  private void publishDurably(Object message, Channel channel) {
    Exception failure = null;
    synchronized (channel) {
      long sequence = channel.next();
      byte[] body = channel.payload(bridge.codecs, message);
      // the same id on every attempt: the stream keeps one copy whatever number arrives
      PublishOptions options = PublishOptions.builder()
          .messageId(bridge.origin + ":" + channel.subject + ":" + sequence)
          .build();
      for (int attempt = 0; attempt < JETSTREAM_ATTEMPTS; attempt++) {
        try {
          bridge.jetStream().publish(channel.subject, body, options);
          channel.advance();
          return;
        } catch (IOException | JetStreamApiException | IllegalStateException e) {
          failure = e;
        }
      }
    }
    bridge.dropped(message, channel.subject, failure);
  }

  private List<?> request(Object message, Channel channel) {
    if (channel.durable) {
      throw new IllegalArgumentException("Cannot request " + message + " from other processes: "
          + channel.subject + " is exported through JetStream, whose stream would answer with its"
          + " acknowledgement. Export request types with exportType, not exportDurable");
    }
    Duration timeout = bridge.requestTimeout;
    CompletableFuture<Message> answer = bridge.connection.requestWithTimeout(
        channel.subject, null, Prelude.write(bridge.codecs, bridge.origin, 0, message), timeout);
    try {
      // the client times the request out itself; the extra second only guards against a hang
      Message reply = answer.get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
      return bridge.decodeReplies(reply);
    } catch (CancellationException noResponders) {
      return List.of(); // nobody imports the subject: like a local request nobody answers
    } catch (ExecutionException | TimeoutException timedOut) {
      answer.cancel(true);
      bridge.report(new RequestTimeoutException(message, channel.subject, timeout));
      return List.of();
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      answer.cancel(true);
      return List.of();
    }
  }
}
