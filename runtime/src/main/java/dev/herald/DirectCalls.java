package dev.herald;

import dev.herald.internal.generated.HandlerCall;

/**
 * The handlers of one message class as a plain post calls them: each handler's call bound at
 * registration, and at the same index the {@link Subscriber} it was bound for; usable while every
 * one of them may simply be called ({@link #direct}). {@link HandlersForClass} makes a new one
 * whenever its handlers change, and {@linkplain #replace marks} the one it replaces, so a post
 * making these calls learns that a handler was added or closed meanwhile.
 */
final class DirectCalls {
  /**
   * The class of no message, as no object is of type {@code void}: a class of its own would be one
   * more class to load when a program starts.
   */
  private static final Class<?> NO_MESSAGE = void.class;

  final HandlerCall[] calls;
  private final HandlerList.Node[] subscribers;

  /** Whose calls these are. */
  final HandlersForClass handlers;

  /**
   * The class of the messages these calls are for, until they are replaced: from then on the class
   * of no message, so one comparison with a message's class tells a post both that these are its
   * calls and that they are current. Set under the registry's lock; a plain field: the thread that
   * closes a handler during its own post sees the change at once, and any other thread once it has
   * synchronized with the change, as for {@link HandlerList.Node#retire}. (Not final, so a thread
   * that finds this object through a racy read may see null: a mismatch, which only sends it to
   * look the calls up again.)
   */
  Class<?> messageClass;

  /** The calls of no class: where a post's cache starts, and what it holds after a purge. */
  static final DirectCalls NONE =
      new DirectCalls(null, new HandlerList.Node[0], new HandlerCall[0], true, 0);

  /**
   * Whether a plain post may make these calls, asking nothing: every handler here is {@linkplain
   * Subscriber#direct direct}. If not, the calls of those that are not are null.
   */
  final boolean direct;

  /**
   * How many of the handlers count as receivers: 0 when there are none, or only {@linkplain
   * Subscriber#visible hidden} ones, and the post is then dead (rule 8).
   */
  final int receivers;

  /** There are handlers, and all of them are hidden. */
  final boolean onlyHidden;

  /**
   * Where each run of neighbouring calls of one class ends, in order: a plain post makes each run
   * with one {@link HandlerCall#callAll}, a loop compiled for that class. Null where a post makes
   * each call itself: when the runs are too short to gain by ({@link #SHORTEST_AVERAGE_RUN}), or
   * when some handler is hidden, since a run counts every handler that ran as a receiver.
   */
  final int[] runEnds;

  /**
   * Where this bus's runs report a call that threw: made by the first post that needs it. Its
   * fields are final, so a post that reads it through this racy field sees it whole, or null and
   * makes another.
   */
  RunFailures runFailures;

  /** {@code calls[i]} is the call of {@code subscribers[i]}; neither array is changed after. */
  DirectCalls(
      HandlersForClass handlers,
      HandlerList.Node[] subscribers,
      HandlerCall[] calls,
      boolean direct,
      int receivers) {
    this.handlers = handlers;
    this.direct = direct;
    this.receivers = receivers;
    this.onlyHidden = receivers == 0 && calls.length > 0;
    this.messageClass = handlers == null ? NO_MESSAGE : handlers.messageClass;
    this.subscribers = subscribers;
    this.calls = calls;
    this.runEnds = direct && receivers == calls.length ? runEnds(calls) : null;
  }

  /**
   * How long the runs must be on average for a post to make them as runs: a run costs a post more
   * to start than a single call, and saves on each call after the first.
   */
  static final int SHORTEST_AVERAGE_RUN = 4;

  /** Where each run of neighbouring calls of one class ends, or null if the runs are short. */
  private static int[] runEnds(HandlerCall[] calls) {
    if (calls.length == 0) {
      return null;
    }
    int runs = 1;
    for (int i = 1; i < calls.length; i++) {
      if (calls[i].getClass() != calls[i - 1].getClass()) {
        runs++;
      }
    }
    if (runs * SHORTEST_AVERAGE_RUN > calls.length) {
      return null;
    }
    int[] ends = new int[runs];
    int run = 0;
    for (int i = 1; i < calls.length; i++) {
      if (calls[i].getClass() != calls[i - 1].getClass()) {
        ends[run++] = i;
      }
    }
    ends[run] = calls.length;
    return ends;
  }

  /** Called when these calls are replaced, or their class dropped: they match no message. */
  void replace() {
    messageClass = NO_MESSAGE;
  }

  boolean isReplaced() {
    return messageClass == NO_MESSAGE;
  }

  Subscriber subscriber(int i) {
    return (Subscriber) subscribers[i];
  }

  /** How many of the handlers before {@code i} count as receivers. */
  int receiversBefore(int i) {
    int receiving = 0;
    for (int j = 0; j < i; j++) {
      receiving += subscriber(j).visible;
    }
    return receiving;
  }

  /**
   * The array of subscribers these calls were made from, as {@link HandlerList#nodes()} gave it.
   */
  HandlerList.Node[] subscribers() {
    return subscribers;
  }
}
