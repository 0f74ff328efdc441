package dev.herald.nats;

import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import io.nats.client.Message;
import io.nats.client.MessageHandler;
import io.nats.client.impl.NatsJetStreamMetaData;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Posts what arrives on an imported subject on the local bus, from the address of the process
 * that sent it; answers requests with the local handlers' replies; reports what it cannot read
 * and what went missing, and goes on.
 *
 * <p>A stream of messages nearly always comes from the process the one before came from, on
 * the same subject: the importer keeps both, so that such a message takes no lock, no lookup
 * and no string of the sender's name.
 *
 * <p>Nothing thrown on the client's thread escapes to the client, which would only hand it to
 * a listener that cannot tell anyone: whatever decoding or delivering a message throws is
 * reported ({@link ImportFailedException}) and the next message is imported as usual. A durable
 * message is settled with JetStream once handled: acknowledged when its handlers returned (or
 * when it is a redelivery of one that was), terminated when it cannot be read, handed back for
 * redelivery after a delay when a handler failed, and terminated and reported after the
 * bridge's last attempt.
 */
final class Importer implements MessageHandler {
  /** What {@link #handle} made of a message: delivered, or nothing to deliver (acknowledged). */
  private static final int DONE = 0;
  /** It cannot be read, and would not be the next time (terminated). */
  private static final int UNREADABLE = 1;
  /** A handler failed, or delivering it threw (delivered again, or given up). */
  private static final int FAILED = 2;

  private final NatsBridge bridge;
  /** The type the subject was imported for, or {@code null} for any wire type. */
  private final Class<?> expected;
  /** From a JetStream consumer: settled once handled, never a request. */
  private final boolean durable;
  /**
   * The process the last message came from, and its numbering on the last subject. Read and
   * written by the client's thread that calls this importer, as is every field below; the
   * objects are safe to share whatever thread sees them.
   */
  private RemoteProcess lastSender;
  private Numbering lastNumbering;
  /** Once true, the bridge is started: until then imports wait (see {@link #onMessage}). */
  private boolean started;
  /** Whether the numbering took the number of the message being handled. */
  private boolean numbered;
  /** Of a durable message whose delivery failed: why, from whom, and whether the bus said so. */
  private Throwable failure;
  private String failedOrigin;
  private boolean failureReported;
  /**
   * The stream positions of durable messages handed back for redelivery after their numbers
   * were taken: when they come again, the numbering sees numbers it had, which are not
   * duplicates. Touched only when a delivery failed and on a number seen before.
   */
  private final Set<Long> handedBack;

  Importer(NatsBridge bridge, Class<?> expected, boolean durable) {
    this.bridge = bridge;
    this.expected = expected;
    this.durable = durable;
    this.handedBack = durable ? ConcurrentHashMap.newKeySet() : null;
  }

  @Override
  public void onMessage(Message message) {
    if (!started) {
      // the client delivers as soon as it subscribed, before the program has the bridge: a
      // handler that asks the bridge would find nothing there
      if (!bridge.awaitStart()) {
        return; // it did not start, or closed: nothing is posted (JetStream redelivers)
      }
      started = true;
    }
    int outcome;
    try {
      outcome = handle(message);
    } catch (Throwable unreported) { // a report threw: the error handler, or memory ran out again
      bridge.couldNotReport(unreported, message.getSubject());
      outcome = durable ? failed(unreported, originIn(message.getData()), false) : DONE;
    }
    if (durable) {
      try {
        settle(message, outcome);
      } catch (Throwable unreported) { // the last attempt's report threw
        bridge.couldNotReport(unreported, message.getSubject());
      }
    }
  }

  private int handle(Message incoming) {
    String subject = incoming.getSubject();
    numbered = false;
    Prelude received;
    RemoteProcess last = lastSender;
    boolean sameSender;
    String origin;
    try {
      received = Prelude.read(bridge.codecs, incoming.getData());
      sameSender = last != null && received.isFrom(last.originBytes) && !last.isForgotten();
      origin = sameSender ? last.origin : received.origin();
    } catch (WireFormatException unreadable) {
      bridge.report(new MalformedPayloadException(unreadable.getMessage(), subject, Prelude.UNKNOWN, unreadable));
      return UNREADABLE;
    } catch (Throwable undecodable) {
      // not the codecs' verdict on the bytes but an Error (memory for a length nothing
      // bounded, stack for a nesting) or a codec's bug: the bytes would do it again
      return undecodable(incoming, subject, undecodable);
    }
    if (!sameSender && !bridge.echo && origin.equals(bridge.origin)) {
      return DONE; // our own export, from a connection that echoes (the last sender never is)
    }
    Object message = received.message;
    if (expected != null && !expected.isInstance(message)) {
      bridge.report(new MalformedPayloadException("it holds a " + message.getClass().getName()
          + ", not a " + expected.getName() + " as imported from this subject", subject, origin, null));
      return UNREADABLE;
    }
    RemoteProcess sender = sameSender ? last.heard() : bridge.remotes.of(origin);
    lastSender = sender;
    if (received.sequence > 0) {
      long missing = numberingOf(sender, subject).accept(received.sequence);
      if (missing == Numbering.DUPLICATE && !isHandedBack(incoming)) {
        return DONE; // a JetStream redelivery of what was handled already
      }
      numbered = true;
      if (missing > 0) {
        bridge.lost(origin, subject, missing);
      }
    }
    ImportingThreads.Mark importing = bridge.importing.mark();
    Object outer = importing.swap(message);
    try {
      if (durable) {
        Throwable handlerFailure = sender.endpoint.deliverWatched(message);
        return handlerFailure == null ? DONE : failed(handlerFailure, origin, true);
      }
      if (received.sequence == 0 && incoming.getReplyTo() != null) {
        bridge.answer(sender, message, incoming.getReplyTo());
      } else {
        sender.endpoint.deliver(message);
      }
      return DONE;
    } catch (Throwable escaped) {
      // what the bus lets through: a handler's VirtualMachineError, a chain of posts too deep
      // for the stack, what the error handler itself threw
      if (durable) {
        return failed(escaped, origin, false);
      }
      bridge.importFailed(new ImportFailedException("delivering it threw " + escaped
          + ", which the bus lets through, so its handlers may not all have run", subject, origin, false, escaped));
      return DONE;
    } finally {
      importing.swap(outer);
    }
  }

  /** Notes why a durable message's delivery failed, for {@link #settle}. */
  private int failed(Throwable why, String origin, boolean reportedByTheBus) {
    failure = why;
    failedOrigin = origin;
    failureReported = reportedByTheBus;
    return FAILED;
  }

  /** Whether a durable message whose number was seen is one handed back for redelivery. */
  private boolean isHandedBack(Message incoming) {
    return durable && !handedBack.isEmpty() && handedBack.remove(incoming.metaData().streamSequence());
  }

  /** Tells JetStream what became of a durable message. */
  private void settle(Message incoming, int outcome) {
    if (outcome == FAILED) {
      retryOrGiveUp(incoming);
      return;
    }
    try {
      if (outcome == DONE) {
        incoming.ack();
      } else {
        incoming.term();
      }
    } catch (IllegalStateException closing) {
      // the connection is closing or lost: JetStream delivers again what it was not told of,
      // and the numbering drops what was delivered already
    }
  }

  private void retryOrGiveUp(Message incoming) {
    Throwable why = failure;
    failure = null;
    NatsJetStreamMetaData delivery = incoming.metaData();
    long attempt = delivery.deliveredCount();
    int attempts = bridge.deliveryAttempts;
    boolean again = attempt < attempts;
    try {
      if (again) {
        if (numbered) {
          handedBack.add(delivery.streamSequence());
        }
        incoming.nakWithDelay(bridge.redeliveryDelay);
      } else {
        incoming.term();
      }
    } catch (IllegalStateException closing) {
      // as in settle: told nothing, JetStream delivers it again once its wait for an answer ends
    }
    if (again && failureReported) {
      return; // the bus gave the handler's exception to the error handler: the next attempt may do
    }
    String what = (failureReported ? "a handler threw " : "delivering it threw ") + why
        + (again ? "; JetStream delivers it again in " + bridge.redeliveryDelay.toMillis() + " ms (attempt "
            + attempt + " of " + attempts + ")"
            : " on the last of " + attempts + " attempts; it is terminated, and will not be delivered again");
    bridge.importFailed(new ImportFailedException(what, incoming.getSubject(), failedOrigin, again, why));
  }

  /**
   * Reports a message whose frame could not be decoded, and takes the number its sender gave
   * it, so that the next message from that sender is not taken for one after a gap.
   */
  private int undecodable(Message incoming, String subject, Throwable why) {
    Signature signed = Signature.of(incoming.getData());
    bridge.importFailed(new ImportFailedException("decoding it threw " + why + "; it was not posted"
        + (durable ? ", and is terminated" : ""), subject, signed.origin, false, why));
    if (signed.sequence > 0 && (bridge.echo || !signed.origin.equals(bridge.origin))) {
      long missing = numberingOf(bridge.remotes.of(signed.origin), subject).accept(signed.sequence);
      if (missing > 0) {
        bridge.lost(signed.origin, subject, missing);
      }
    }
    return UNREADABLE;
  }

  /** The sender's name in a payload that could not be read whole, as far as it can be read. */
  private static String originIn(byte[] payload) {
    return Signature.of(payload).origin;
  }

  /** What a sending bridge's prelude says, read from a payload whose frame is not readable. */
  private static final class Signature {
    private static final Signature UNSIGNED = new Signature(Prelude.UNKNOWN, 0);

    final String origin;
    /** The message's number on its subject; 0 when it has none. */
    final long sequence;

    private Signature(String origin, long sequence) {
      this.origin = origin;
      this.sequence = sequence;
    }

    static Signature of(byte[] payload) {
      if (payload == null || payload.length == 0 || payload[0] != 0) {
        return UNSIGNED; // a bare frame: nobody signed it
      }
      try {
        WireReader in = new WireReader(payload, 1, payload.length - 1);
        String origin = in.readString();
        long sequence = in.readLong();
        return origin == null || origin.isEmpty() ? UNSIGNED : new Signature(origin, Math.max(0, sequence));
      } catch (RuntimeException unreadable) {
        return UNSIGNED;
      }
    }
  }

  private Numbering numberingOf(RemoteProcess sender, String subject) {
    Numbering numbering = lastNumbering;
    if (numbering == null || numbering.sender != sender || !numbering.subject.equals(subject)) {
      numbering = sender.numberingOn(subject);
      lastNumbering = numbering;
    }
    return numbering;
  }
}
