package dev.herald;

/**
 * Nested posts on a {@link NestedPosts#BREADTH_FIRST} bus: a post or immediate send made while its
 * thread delivers another message waits in the thread's {@link NestedQueue} (the call returns 0),
 * and the outermost delivery delivers it after its own message, in the order posted.
 */
final class BreadthFirst {
  private final Router router;
  private final NestedQueue.PerThread queues = new NestedQueue.PerThread();

  BreadthFirst(Router router) {
    this.router = router;
  }

  /** A plain post: delivered now, with those it nests, or queued behind the delivery under way. */
  int post(Object message) {
    NestedQueue queue = queues.get();
    if (queue.delivering) {
      queue.add(null, message, null);
      return 0;
    }
    queue.delivering = true;
    try {
      int ran = router.plainPosts().broadcast(null, message);
      drain(queue);
      return ran;
    } finally {
      queue.clear();
      queue.delivering = false;
    }
  }

  /**
   * {@link #post} for an immediate send, delivered into {@code delivery}; false when it was queued.
   */
  boolean send(Delivery delivery, Address from, Object message, Header header) {
    NestedQueue queue = queues.get();
    if (queue.delivering) {
      queue.add(from, message, header);
      return false;
    }
    queue.delivering = true;
    try {
      router.deliverNow(delivery, from, message, header, null);
      drain(queue);
      return true;
    } finally {
      queue.clear();
      queue.delivering = false;
    }
  }

  /** Delivers the queued nested posts and sends, and those they queue, in order. */
  private void drain(NestedQueue queue) {
    for (int i = 0; i < queue.size(); i++) {
      if (queue.header(i) == null) {
        router.plainPosts().broadcast(null, queue.message(i));
      } else {
        router.deliverQueued(queue.from(i), queue.message(i), queue.header(i));
      }
    }
  }
}
