package dev.herald.net;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.herald.net.simulation.ManualClock;

/**
 * Fuzzes the packet decoder and the receive path behind it: whatever the bytes, a packet is
 * either read or rejected with a {@link ProtocolException}; nothing else may be thrown, and
 * the receiver stays within its caps.
 *
 * <p>Under {@code mvn test} this runs in regression mode over the committed inputs in
 * {@code src/test/resources/dev/herald/net/PacketDecoderFuzzTestInputs/}. To fuzz:
 * {@code JAZZER_FUZZ=1 mvn -pl network test -Dtest=PacketDecoderFuzzTest}
 * (new crashing inputs are written to that folder; add them to the commit with the fix).
 */
class PacketDecoderFuzzTest {

  private static final ConnectionConfig CONFIG = ConnectionConfig.defaults().withWindow(64).withMaxPendingBytes(2_000);

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejects(byte[] input) {
    PacketDecoder decoder = new PacketDecoder(CONFIG);
    try {
      decoder.decode(input, 0, input.length);
    } catch (ProtocolException expected) {
      return;
    }
    for (int i = 0; i < decoder.messageCount(); i++) {
      int end = decoder.payloadOffset(i) + decoder.payloadLength(i);
      if (end > input.length || decoder.dependencyCount(i) > CONFIG.maxDependencies()) {
        throw new AssertionError("decoder accepted a message that does not fit the packet");
      }
    }
  }

  /** Splits the input into packets at 0xFF 0xFF and feeds them all to one connection. */
  @FuzzTest(maxDuration = "60s")
  void receivesOrRejectsPacketSequences(byte[] input) {
    Connection receiver = new Connection(CONFIG, new ManualClock(), new ExecutionLog());
    int start = 0;
    while (start <= input.length) {
      int end = nextSeparator(input, start);
      try {
        receiver.receive(input, start, end - start);
      } catch (ProtocolException rejected) {
        // expected for most inputs
      }
      if (receiver.waitingBytes() > CONFIG.maxPendingBytes() || receiver.graphNodes() > CONFIG.window()) {
        throw new AssertionError("receiver exceeded its caps");
      }
      receiver.poll();
      start = end + 2;
    }
  }

  private static int nextSeparator(byte[] input, int from) {
    for (int i = from; i + 1 < input.length; i++) {
      if (input[i] == (byte) 0xFF && input[i + 1] == (byte) 0xFF) {
        return i;
      }
    }
    return input.length;
  }
}
