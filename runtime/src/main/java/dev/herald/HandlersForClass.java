package dev.herald;

import dev.herald.spi.HandlerCall;
import java.util.Collection;
import java.util.List;

/**
 * The handlers that receive messages of one runtime class, in delivery order, and whether a
 * plain post may call them all directly. Changed under the registry's lock.
 */
final class HandlersForClass extends HandlerList<Subscriber> {
  /**
   * Not final: once dropped from its index, these handlers forget their class (see
   * {@link #retire}), so that a post that still holds them, as the last-posted cache may, no
   * longer matches them, and they no longer keep the class.
   */
  Class<?> messageClass;
  /**
   * How many handlers here a plain post cannot simply call (tagged, filtered by sender,
   * taking an envelope, asynchronous, hidden); while there are any, a plain post takes the
   * full path.
   */
  private int notDirect;
  /**
   * How many handlers here take an envelope. Read without the lock: a stale count only makes a
   * send read its time a little later, when the envelope is made.
   */
  private int envelopeTakers;
  /** The handlers' calls while every one is direct, else null: all a plain post reads. */
  /**
   * Each handler's call, at the same index as in {@link #nodes()}, kept in step by the same
   * copies (null where a handler is not direct).
   */
  private HandlerCall[] calls = new HandlerCall[0];
  private volatile DirectCalls direct = new DirectCalls(this, nodes(), calls);

  HandlersForClass(Class<?> messageClass) {
    super(Subscriber.DELIVERY_ORDER);
    this.messageClass = messageClass;
  }

  /**
   * The handlers' calls, if a plain post may make each, asking nothing; else null. A new one
   * whenever the handlers change.
   */
  DirectCalls directCalls() {
    return direct;
  }

  /** Called when dropped from the index: from now on these handlers match no message class. */
  void retire() {
    messageClass = Retired.class;
    DirectCalls calls = direct;
    if (calls != null) {
      calls.replace();
    }
  }

  boolean isRetired() {
    return messageClass == Retired.class;
  }

  @Override
  void add(Subscriber subscriber) {
    super.add(subscriber);
    count(subscriber, 1);
    publish();
  }

  @Override
  void inserted(int at, Subscriber subscriber) {
    HandlerCall[] grown = new HandlerCall[calls.length + 1];
    System.arraycopy(calls, 0, grown, 0, at);
    grown[at] = subscriber.call;
    System.arraycopy(calls, at, grown, at + 1, calls.length - at);
    calls = grown;
  }

  @Override
  void removed(int at) {
    HandlerCall[] shrunk = new HandlerCall[calls.length - 1];
    System.arraycopy(calls, 0, shrunk, 0, at);
    System.arraycopy(calls, at + 1, shrunk, at, calls.length - at - 1);
    calls = shrunk;
  }

  @Override
  void addAll(Collection<? extends Subscriber> subscribers) {
    super.addAll(subscribers);
    for (Subscriber subscriber : subscribers) {
      count(subscriber, 1);
    }
    calls = callsOf(nodes());
    publish();
  }

  @Override
  boolean remove(Node node) {
    boolean removed = super.remove(node);
    if (removed) {
      count((Subscriber) node, -1);
      publish();
    }
    return removed;
  }

  @Override
  List<Subscriber> removeRetired() {
    List<Subscriber> removed = super.removeRetired();
    for (Subscriber subscriber : removed) {
      count(subscriber, -1);
    }
    calls = callsOf(nodes());
    publish();
    return removed;
  }

  /** The calls of {@code subscribers}, at the same indexes (null where one is not direct). */
  private static HandlerCall[] callsOf(Node[] subscribers) {
    HandlerCall[] made = new HandlerCall[subscribers.length];
    for (int i = 0; i < subscribers.length; i++) {
      made[i] = ((Subscriber) subscribers[i]).call;
    }
    return made;
  }

  private void count(Subscriber subscriber, int change) {
    if (!subscriber.direct) {
      notDirect += change;
    }
    if (subscriber.takesEnvelope) {
      envelopeTakers += change;
    }
  }

  /** Whether some handler here takes an envelope, so a send must know its time. */
  boolean takesEnvelopes() {
    return envelopeTakers > 0;
  }

  private void publish() {
    DirectCalls replaced = direct;
    direct = notDirect == 0 ? new DirectCalls(this, nodes(), calls) : null;
    if (replaced != null) {
      replaced.replace();
    }
  }

  /** The class of no message: that of retired handlers. */
  private static final class Retired {
    private Retired() {}
  }
}
