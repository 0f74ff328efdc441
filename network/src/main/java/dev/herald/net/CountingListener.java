package dev.herald.net;

/** Counts executions on their way to the user's listener. */
final class CountingListener implements MessageReceiver {

  private final MessageReceiver target;
  private final ConnectionCounters counters;

  CountingListener(MessageReceiver target, ConnectionCounters counters) {
    this.target = target;
    this.counters = counters;
  }

  @Override
  public void onMessage(int sequence, byte[] payload) {
    counters.messagesExecuted++;
    target.onMessage(sequence, payload);
  }

  @Override
  public void onMessage(int sequence, byte[] buffer, int offset, int length) {
    counters.messagesExecuted++;
    target.onMessage(sequence, buffer, offset, length);
  }
}
