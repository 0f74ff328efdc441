package dev.herald.net;

import java.util.ArrayList;
import java.util.List;

/** Records what a connection delivered, in order. */
final class ExecutionLog implements MessageReceiver {

  final List<Integer> sequences = new ArrayList<>();
  final List<byte[]> payloads = new ArrayList<>();
  ConnectionError error;
  int errorCount;

  @Override
  public void onMessage(int sequence, byte[] payload) {
    sequences.add(sequence);
    payloads.add(payload);
  }

  @Override
  public void onConnectionError(ConnectionError error) {
    this.error = error;
    errorCount++;
  }
}
