package dev.herald;

import dev.herald.internal.generated.HandlerCall;
import java.util.Collection;
import java.util.List;

/**
 * The handlers that receive messages of one runtime class, in delivery order, and whether a plain
 * post may call them all directly. Changed under the registry's lock.
 */
final class HandlersForClass extends HandlerList<Subscriber> {
  /**
   * Not final: once dropped from its index, these handlers forget their class (see {@link
   * #retire}), so that a post that still holds them, as the last-posted cache may, no longer
   * matches them, and they no longer keep the class.
   */
  Class<?> messageClass;

  /**
   * How many handlers here a plain post cannot simply call (tagged, filtered by sender, taking an
   * envelope, asynchronous, on a lane, serialized); while there are any, a plain post takes the
   * full path.
   */
  private int notDirect;

  /** How many handlers here count as receivers (are not hidden). */
  private int visible;

  /**
   * How many handlers here take an envelope. Read without the lock: a stale count only makes a send
   * read its time a little later, when the envelope is made.
   */
  private int envelopeTakers;

  /**
   * The handlers' calls, current: replaced, and the one replaced marked, whenever the handlers
   * change. Not volatile, so that publishing them costs a registration no fence: a {@link
   * DirectCalls} is safe to read through a racy reference (its arrays are final fields, and a stale
   * class only sends a post to look again), and a post that happens after a change, as rule 3 means
   * it, sees the change. Raced in jcstress/: {@code DirectCallsRace}.
   */
  private DirectCalls calls = new DirectCalls(this, nodes(), new HandlerCall[0], true, 0);

  HandlersForClass(Class<?> messageClass) {
    super(Subscriber.DELIVERY_ORDER);
    this.messageClass = messageClass;
  }

  /**
   * The handlers' calls, if a plain post may make each, asking nothing; else null. A new one
   * whenever the handlers change.
   */
  DirectCalls directCalls() {
    DirectCalls current = calls;
    return current.direct ? current : null;
  }

  /** Called when dropped from the index: from now on these handlers match no message class. */
  void retire() {
    messageClass = Retired.class;
    calls.replace();
  }

  boolean isRetired() {
    return messageClass == Retired.class;
  }

  @Override
  void add(Subscriber subscriber) {
    count(subscriber, 1);
    super.add(subscriber);
  }

  @Override
  void added(int at, Subscriber subscriber) {
    HandlerCall[] old = calls.calls;
    HandlerCall[] grown = new HandlerCall[old.length + 1];
    System.arraycopy(old, 0, grown, 0, at);
    grown[at] = subscriber.call;
    System.arraycopy(old, at, grown, at + 1, old.length - at);
    publish(grown);
  }

  @Override
  void removed(int at, Subscriber subscriber) {
    count(subscriber, -1);
    HandlerCall[] old = calls.calls;
    HandlerCall[] shrunk = new HandlerCall[old.length - 1];
    System.arraycopy(old, 0, shrunk, 0, at);
    System.arraycopy(old, at + 1, shrunk, at, old.length - at - 1);
    publish(shrunk);
  }

  @Override
  void addAll(Collection<? extends Subscriber> subscribers) {
    super.addAll(subscribers);
    for (Subscriber subscriber : subscribers) {
      count(subscriber, 1);
    }
    publish(callsOf(nodes()));
  }

  @Override
  List<Subscriber> removeRetired() {
    List<Subscriber> removed = super.removeRetired();
    for (Subscriber subscriber : removed) {
      count(subscriber, -1);
    }
    publish(callsOf(nodes()));
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
    visible += subscriber.visible * change;
    if (subscriber.takesEnvelope) {
      envelopeTakers += change;
    }
  }

  /** Whether some handler here takes an envelope, so a send must know its time. */
  boolean takesEnvelopes() {
    return envelopeTakers > 0;
  }

  /** Publishes the calls of the handlers now in the list, and marks those they replace. */
  private void publish(HandlerCall[] current) {
    DirectCalls replaced = calls;
    calls = new DirectCalls(this, nodes(), current, notDirect == 0, visible);
    replaced.replace();
  }

  /** The class of no message: that of retired handlers. */
  private static final class Retired {
    private Retired() {}
  }
}
