package dev.herald;

import java.util.ArrayList;

/**
 * One thread's nested posts under {@link NestedPosts#BREADTH_FIRST}, waiting for the outer delivery
 * to end: reused, never shrunk.
 */
final class NestedQueue {
  boolean delivering;
  private final ArrayList<Object> entries = new ArrayList<>();

  void add(Address from, Object message, Header header) {
    entries.add(from);
    entries.add(message);
    entries.add(header);
  }

  int size() {
    return entries.size() / 3;
  }

  Address from(int i) {
    return (Address) entries.get(3 * i);
  }

  Object message(int i) {
    return entries.get(3 * i + 1);
  }

  Header header(int i) {
    return (Header) entries.get(3 * i + 2);
  }

  void clear() {
    entries.clear();
  }

  /** Each thread's queue, made when the thread first posts. */
  static final class PerThread extends ThreadLocal<NestedQueue> {
    @Override
    protected NestedQueue initialValue() {
      return new NestedQueue();
    }
  }
}
