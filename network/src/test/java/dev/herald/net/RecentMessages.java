package dev.herald.net;

import java.util.SplittableRandom;

/**
 * The last 64 messages a test sender sent, from which each new message picks up to 3 to depend on:
 * the random dependency pattern of the soak tests, over the simulator and over sockets.
 */
public final class RecentMessages {
  private static final int SIZE = 64;
  private final MessageDependency[] handles = new MessageDependency[SIZE];

  /** The send-order indices of up to 3 of the last 64 of the {@code sent} messages so far. */
  public static int[] pick(SplittableRandom random, int sent) {
    int count = sent == 0 ? 0 : random.nextInt(Math.min(4, sent + 1));
    int[] indices = new int[count];
    for (int d = 0; d < count; d++) {
      indices[d] = sent - (1 + random.nextInt(Math.min(SIZE, sent)));
    }
    return indices;
  }

  /** The handles of the messages at {@code indices}, which {@link #pick} chose. */
  public MessageDependency[] handlesOf(int[] indices) {
    MessageDependency[] chosen = new MessageDependency[indices.length];
    for (int d = 0; d < indices.length; d++) {
      chosen[d] = handles[indices[d] % SIZE];
    }
    return chosen;
  }

  /** Remembers the handle of the message sent as number {@code index}. */
  public void add(int index, MessageDependency handle) {
    handles[index % SIZE] = handle;
  }
}
