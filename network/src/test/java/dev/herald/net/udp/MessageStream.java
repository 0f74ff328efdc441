package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.herald.net.MessageDependency;
import dev.herald.net.RecentMessages;
import dev.herald.net.SendStatus;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * One sender's messages with random dependencies on recent ones: what was sent depending on what,
 * and where each executed at the receiver, to check the execution log.
 */
final class MessageStream {

  final int total;
  private final byte id;
  private final SplittableRandom random;
  private final int[][] dependencies;
  private final int[] executedAt;
  private final RecentMessages recent = new RecentMessages();
  private int sent;
  private volatile int executed;
  private String failure;

  /**
   * @param id the first byte of every payload, to tell streams apart at the receiver
   */
  MessageStream(int id, int total, long seed) {
    this.id = (byte) id;
    this.total = total;
    this.random = new SplittableRandom(seed);
    this.dependencies = new int[total][];
    this.executedAt = new int[total];
    Arrays.fill(executedAt, -1);
  }

  /**
   * Sends a burst of up to 80 messages, each depending on up to 3 of the last 64; stops when the
   * window is full.
   */
  void sendSome(UdpNode node, Peer to) {
    int burst = 1 + random.nextInt(80);
    for (int i = 0; i < burst && sent < total; i++) {
      int[] indices = RecentMessages.pick(random, sent);
      MessageDependency[] handles = recent.handlesOf(indices);
      MessageDependency handle = new MessageDependency();
      byte[] payload = ByteBuffer.allocate(5 + random.nextInt(24)).put(id).putInt(sent).array();
      if (node.trySend(to, handle, payload, handles) != SendStatus.ACCEPTED) {
        return;
      }
      synchronized (this) {
        dependencies[sent] = indices;
      }
      recent.add(sent, handle);
      sent++;
    }
  }

  /** Records one execution at the receiver. */
  synchronized void executed(byte[] payload) {
    int index = ByteBuffer.wrap(payload).getInt(1);
    if (executedAt[index] >= 0 && failure == null) {
      failure = "message " + index + " executed twice";
    }
    executedAt[index] = executed++;
  }

  boolean allExecuted() {
    return executed == total;
  }

  int executed() {
    return executed;
  }

  /** Every message executed exactly once, after each of its dependencies. */
  synchronized void checkExecutionLog() {
    if (failure != null) {
      fail(failure);
    }
    assertEquals(total, executed);
    for (int index = 0; index < total; index++) {
      assertTrue(executedAt[index] >= 0, "message " + index + " never executed");
      for (int dependency : dependencies[index]) {
        if (executedAt[dependency] >= executedAt[index]) {
          fail("message " + index + " executed before its dependency " + dependency);
        }
      }
    }
  }
}
