package dev.herald.net;

/**
 * A first-in first-out queue of messages, each entry stamped with the message's number and the
 * packet it was last sent in when it was queued, so that an entry made stale by a later send, or by
 * the message object's reuse for a later message, can be told apart and skipped. A ring that
 * doubles when full: no allocation once it has grown to the traffic's needs.
 */
final class MessageQueue {

  private OutgoingMessage[] messages = new OutgoingMessage[16];
  private int[] stamps = new int[16];
  private int[] numbers = new int[16];
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
    numbers[at] = message.number;
    size++;
  }

  OutgoingMessage first() {
    return messages[head];
  }

  /**
   * Whether the first entry still stands: its message is the same message, unacknowledged, and not
   * sent again since the entry was made.
   */
  boolean firstIsCurrent() {
    OutgoingMessage message = messages[head];
    return message.number == numbers[head]
        && !message.acknowledged
        && message.lastPacket == stamps[head];
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
    int[] grownNumbers = new int[numbers.length * 2];
    for (int i = 0; i < size; i++) {
      int from = (head + i) & (messages.length - 1);
      grownMessages[i] = messages[from];
      grownStamps[i] = stamps[from];
      grownNumbers[i] = numbers[from];
    }
    messages = grownMessages;
    stamps = grownStamps;
    numbers = grownNumbers;
    head = 0;
  }
}
