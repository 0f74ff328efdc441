package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DependencyGraphTest {

  private static final int[] NONE = new int[0];

  @Test
  void chainOfSixteenThousandArrivingInReverseExecutesInOrderWithoutRecursion() {
    int length = 16_000;
    int[] order = new int[length];
    int[] executed = {0};
    DependencyGraph graph =
        new DependencyGraph(
            SequenceNumbers.HALF_RANGE,
            Long.MAX_VALUE,
            new MessageReceiver() {
              @Override
              public void onMessage(int sequence, byte[] payload) {
                order[executed[0]++] = sequence;
              }
            });
    int[] dependency = new int[1];
    for (int sequence = length - 1; sequence >= 1; sequence--) {
      dependency[0] = sequence - 1;
      assertEquals(
          DependencyGraph.Outcome.ACCEPTED, graph.offer(sequence, dependency, 1, new byte[1], 0));
    }
    assertEquals(0, executed[0]);
    assertEquals(length - 1, graph.waitingCount());

    graph.offer(0, NONE, 0, new byte[1], 0);

    assertEquals(length, executed[0]);
    for (int i = 0; i < length; i++) {
      assertEquals(i, order[i]);
    }
    assertEquals(0, graph.nodeCount());
    assertEquals(0, graph.waitingBytes());
    assertEquals(length, graph.floor());
  }

  @Test
  void executedMessagesStayDuplicatesHoweverLongAgoAndNeverExecuteTwice() {
    ExecutionLog log = new ExecutionLog();
    DependencyGraph graph = new DependencyGraph(64, 1 << 20, log);
    int total = 3 * SequenceNumbers.RANGE;
    for (int number = 0; number < total; number++) {
      assertEquals(DependencyGraph.Outcome.ACCEPTED, graph.offer(number, NONE, 0, new byte[0], 0));
      assertEquals(DependencyGraph.Outcome.DUPLICATE, graph.offer(number, NONE, 0, new byte[0], 0));
      if (number >= SequenceNumbers.RANGE) {
        // the message with the same 15-bit sequence one wrap ago
        assertEquals(
            DependencyGraph.Outcome.DUPLICATE,
            graph.offer(number - SequenceNumbers.RANGE, NONE, 0, new byte[0], 0));
      }
    }
    assertEquals(total, log.sequences.size(), "every message executed once");
    assertEquals(
        total - 1 & SequenceNumbers.MASK,
        (int) log.sequences.get(total - 1),
        "the listener sees 15-bit sequences");
  }

  @Test
  void messageAWindowPastTheFloorIsRefusedAsABug() {
    DependencyGraph graph = new DependencyGraph(64, 1 << 20, new ExecutionLog());
    IllegalArgumentException thrown =
        assertThrows(
            IllegalArgumentException.class, () -> graph.offer(64, NONE, 0, new byte[0], 0));
    assertTrue(
        thrown.getMessage().contains("lies 64 past the oldest message not executed"),
        thrown.getMessage());
    assertEquals(0, graph.nodeCount());
  }

  @Test
  void messageWaitsForEveryDependencyWhateverTheArrivalOrder() {
    ExecutionLog log = new ExecutionLog();
    DependencyGraph graph = new DependencyGraph(1024, 1 << 20, log);
    graph.offer(3, new int[] {1, 2}, 2, new byte[0], 0);
    graph.offer(2, NONE, 0, new byte[0], 0);
    assertEquals(java.util.List.of(2), log.sequences);
    graph.offer(1, new int[] {0}, 1, new byte[0], 0);
    graph.offer(0, NONE, 0, new byte[0], 0);
    assertEquals(java.util.List.of(2, 0, 1, 3), log.sequences);
    assertEquals(0, graph.nodeCount());
  }

  @Test
  void arrivalQueueStaysWithinTheWindowWhenNothingChecksForExpiredWaits() {
    // bursts of 32 arriving in reverse order (each waits briefly for the one before it), and
    // no hasExpired call in between, as with a caller that calls update() rarely
    int window = 64;
    int[] executed = {0};
    DependencyGraph graph =
        new DependencyGraph(
            window,
            Long.MAX_VALUE,
            new MessageReceiver() {
              @Override
              public void onMessage(int sequence, byte[] payload) {
                executed[0]++;
              }
            });
    int[] dependency = new int[1];
    int burst = 32;
    int bursts = 200_000 / burst;
    int largest = 0;
    for (int b = 0; b < bursts; b++) {
      int first = b * burst;
      for (int i = burst - 1; i >= 1; i--) {
        dependency[0] = first + i - 1;
        graph.offer(first + i, dependency, 1, new byte[8], 0);
      }
      graph.offer(first, NONE, 0, new byte[8], 0);
      largest = Math.max(largest, graph.trackedArrivals());
    }

    assertEquals(bursts * burst, executed[0]);
    assertEquals(0, graph.waitingCount());
    assertTrue(largest <= 2 * window, "arrival queue reached " + largest);
  }
}
