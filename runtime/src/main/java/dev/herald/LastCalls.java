package dev.herald;

/**
 * The calls of the last plain post made on each thread, so that a thread posting one class in a
 * loop skips the index: one slot per thread, chosen by its id, each on a cache line of its own.
 * Threads posting different classes to one bus then never write where the others read; with a slot
 * for the whole bus, each of their posts would replace the calls the others had just kept, and
 * every post on every one of those threads would wait for that line to come back from another core.
 * Threads whose ids share a slot share its calls: for them it is one cache for the bus, which is
 * correct, only slower when they post different classes.
 *
 * <p>Racy but safe: each slot is a plain array element that threads read and write without
 * synchronizing. A {@link DirectCalls} is immutable but for its class, which only ever changes to
 * that of no message, so a post uses what it reads only when its class is the message's (raced in
 * jcstress/: {@code LastPostCallsRace}).
 */
final class LastCalls {
  /** Slots, a power of two: threads with consecutive ids, as a pool's are, each have their own. */
  private static final int SLOTS = 16;

  /**
   * Array elements from one slot to the next: 128 bytes even with compressed references, so that no
   * two slots share a cache line, nor the pair of lines some processors fetch together.
   */
  private static final int STRIDE = 32;

  /**
   * The slots, at {@code STRIDE} elements apart, the first {@code STRIDE} elements in: the array's
   * header and whatever lies before it, and after its end, are as far from a slot as two slots are
   * from each other. Filled before the bus is published, through this final field.
   */
  private final DirectCalls[] slots = new DirectCalls[(SLOTS + 1) * STRIDE];

  LastCalls() {
    for (int slot = 0; slot < SLOTS; slot++) {
      slots[index(slot)] = DirectCalls.NONE;
    }
  }

  /** The calls of the last plain post of this thread's slot: those of some class, or none. */
  DirectCalls get() {
    return slots[thisThreadsIndex()];
  }

  /** Keeps {@code direct} in this thread's slot, as the calls of its last plain post. */
  void set(DirectCalls direct) {
    slots[thisThreadsIndex()] = direct;
  }

  /**
   * Lets go of every slot's calls that were replaced: called when a registration left, so that they
   * keep none of its listeners (or a plugin's classes) alive until that thread's next post. A
   * racing post may put them back; it then replaces them at its next post.
   */
  void forgetReplaced() {
    for (int slot = 0; slot < SLOTS; slot++) {
      int i = index(slot);
      if (slots[i].isReplaced()) {
        slots[i] = DirectCalls.NONE;
      }
    }
  }

  private static int thisThreadsIndex() {
    return index((int) Thread.currentThread().getId() & (SLOTS - 1));
  }

  private static int index(int slot) {
    return (slot + 1) * STRIDE;
  }
}
