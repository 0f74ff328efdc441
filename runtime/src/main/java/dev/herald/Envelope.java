package dev.herald;

import dev.herald.time.Ticker;
import java.util.Set;

/**
 * Who sent a message, to whom, with which tags, and when. A handler receives it by taking it as a
 * second parameter:
 *
 * <pre>{@code
 * @Subscribe void onHit(Hit hit, Envelope envelope) {
 *   if (envelope.from() != null) {
 *     registration.send(envelope.from(), new Ouch(hit.damage()));   // answer the sender
 *   }
 * }
 * }</pre>
 *
 * <p>Made for one delivery and read by its handlers: the values never change, so any thread may
 * read them; only {@link #cancelDelivery()} is bound to the sending thread.
 *
 * @since 0.1
 */
public final class Envelope {
  private final Object message;
  private final Address from;
  private final Address to;
  private final Header header;
  private final long sentNanos;
  private final long sentFrame;
  private final Class<?> replyType;

  /**
   * The thread delivering the message, while it does; then null. Not volatile: only that thread
   * writes it, and only a call on that thread can find itself here; any other thread sees that
   * thread or null, neither of which is its own, whichever it sees. (Volatile, it would cost two
   * fences on every delivery that makes an envelope.) Raced in jcstress/: {@code
   * EnvelopeCancelRace}.
   */
  private Thread deliveringThread;

  private boolean cancelled;

  Envelope(
      Object message,
      Address from,
      Address to,
      Header header,
      long sentNanos,
      long sentFrame,
      Class<?> replyType,
      Thread deliveringThread) {
    this.replyType = replyType;
    this.deliveringThread = deliveringThread;
    this.message = message;
    this.from = from;
    this.to = to;
    this.header = header;
    this.sentNanos = sentNanos;
    this.sentFrame = sentFrame;
  }

  /** The message. */
  public Object message() {
    return message;
  }

  /** The sender's address, or {@code null} for a message posted anonymously on the bus. */
  public Address from() {
    return from;
  }

  /**
   * The destination: the address it was delivered to (a {@link Address#SELF} or {@linkplain
   * Address#named named} destination resolved), or {@link Address#BROADCAST} / {@link
   * Address#BROADCAST_NOT_ME}.
   */
  public Address to() {
    return to;
  }

  /** The message's tags. */
  public Set<String> tags() {
    return header.tags();
  }

  /** The header it was sent with. */
  public Header header() {
    return header;
  }

  /** When it was sent, by the bus's {@link Ticker}. */
  public long sentNanos() {
    return sentNanos;
  }

  /** The bus's {@linkplain MessageBus#frame() frame} when it was sent. */
  public long sentFrame() {
    return sentFrame;
  }

  /**
   * The type of reply the sender waits for when the message came through {@code request}, or {@code
   * null} when it was posted or sent and nobody waits. For bridges, through {@link
   * dev.herald.bridge.Bridge#replyType}: an application's handler returns its reply and never needs
   * it.
   */
  Class<?> replyType() {
    return replyType;
  }

  @Override
  public String toString() {
    return "Envelope["
        + message
        + " from "
        + (from == null ? "anonymous" : from)
        + " to "
        + to
        + (header.tags().isEmpty() ? "" : " tags " + header.tags())
        + " at frame "
        + sentFrame
        + "]";
  }

  /**
   * Stops this message here (greenrobot's {@code cancelEventDelivery}): the handlers after the
   * calling one (lower priority, or later registered) do not receive it, nor do observers of its
   * address, nor asynchronous and lane handlers not yet handed over; those before it did. A handler
   * of high priority uses it to consume a message. Only a handler called on the sending thread,
   * during the delivery, can cancel.
   *
   * @throws IllegalStateException when called off the sending thread or after the delivery (from an
   *     asynchronous or lane handler, say)
   */
  public void cancelDelivery() {
    if (deliveringThread != Thread.currentThread()) {
      throw new IllegalStateException(
          "Cannot cancel the delivery of "
              + message
              + ": only a handler called on the sending"
              + " thread, while the message is delivered, can (not an async or lane handler)");
    }
    cancelled = true;
  }

  boolean isCancelled() {
    return cancelled;
  }

  void deliveryEnded() {
    deliveringThread = null;
  }
}
