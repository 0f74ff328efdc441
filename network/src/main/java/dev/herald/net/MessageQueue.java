package dev.herald.net;

/**
 * A first-in first-out queue of messages, each entry stamped with the packet the message was
 * last sent in when it was queued, so that an entry made stale by a later send can be told
 * apart and skipped. A ring that doubles when full: no allocation once it has grown to the
 * traffic's needs.
 */
final class MessageQueue {

  private OutgoingMessage[] messages = new OutgoingMessage[16];
  private int[] stamps = new int[16];
  private int head;
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  void addLast(OutgoingMessage message, int stamp) {
    if (size == messages.length) {
      grow();
    }
    int at = (head + size) & (messages.length - 1);
    messages[at] = message;
    stamps[at] = stamp;
    size++;
  }

  OutgoingMessage first() {
    return messages[head];
  }

  int firstStamp() {
    return stamps[head];
  }

  void removeFirst() {
    messages[head] = null;
    head = (head + 1) & (messages.length - 1);
    size--;
  }

  void clear() {
    while (size > 0) {
      removeFirst();
    }
  }

  private void grow() {
    OutgoingMessage[] grownMessages = new OutgoingMessage[messages.length * 2];
    int[] grownStamps = new int[stamps.length * 2];
    for (int i = 0; i < size; i++) {
      int from = (head + i) & (messages.length - 1);
      grownMessages[i] = messages[from];
      grownStamps[i] = stamps[from];
    }
    messages = grownMessages;
    stamps = grownStamps;
    head = 0;
  }
}
