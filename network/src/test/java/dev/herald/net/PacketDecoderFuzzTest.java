package dev.herald.net;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.herald.time.ManualTicker;

/**
 * Fuzzes the packet decoder and the receive path behind it: whatever the bytes, a packet is either
 * read or rejected with a {@link ProtocolException}; nothing else may be thrown, and the receiver
 * stays within its caps.
 *
 * <p>Under {@code mvn test} this runs in regression mode over the committed inputs in {@code
 * src/test/resources/dev/herald/net/PacketDecoderFuzzTestInputs/}. To fuzz: {@code JAZZER_FUZZ=1
 * mvn -pl network test -Dtest=PacketDecoderFuzzTest} (new crashing inputs are written to that
 * folder; add them to the commit with the fix).
 */
class PacketDecoderFuzzTest {

  private static final ConnectionConfig CONFIG =
      ConnectionConfig.defaults().withWindow(64).withMaxPendingBytes(2_000);

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

  /**
   * Splits the input into packets at 0xFF 0xFF and feeds them all to one connection, each with the
   * connection's token put in after its first byte (the flags): the fuzzer explores what the peer
   * can send, not the one comparison that drops everyone else's datagrams.
   */
  @FuzzTest(maxDuration = "60s")
  void receivesOrRejectsPacketSequences(byte[] input) {
    Connection receiver =
        new Connection(CONFIG, TestPackets.TOKEN, new ManualTicker(), new ExecutionLog());
    byte[] packet = new byte[input.length + PacketFormat.PREFIX_SIZE];
    int start = 0;
    while (start <= input.length) {
      int end = nextSeparator(input, start);
      int length = withToken(input, start, end, packet);
      try {
        receiver.receive(packet, 0, length);
      } catch (ProtocolException rejected) {
        // expected for most inputs
      }
      if (receiver.waitingBytes() > CONFIG.maxPendingBytes()
          || receiver.graphNodes() > CONFIG.window()) {
        throw new AssertionError("receiver exceeded its caps");
      }
      receiver.poll();
      start = end + 2;
    }
  }

  /**
   * Copies input[start..end) into {@code packet} with the token after the first byte; returns the
   * length.
   */
  static int withToken(byte[] input, int start, int end, byte[] packet) {
    if (start == end) {
      return 0;
    }
    packet[0] = input[start];
    for (int i = 0; i < 8; i++) {
      packet[PacketFormat.TOKEN_OFFSET + i] = (byte) (TestPackets.TOKEN >>> (56 - 8 * i));
    }
    System.arraycopy(input, start + 1, packet, PacketFormat.PREFIX_SIZE, end - start - 1);
    return end - start - 1 + PacketFormat.PREFIX_SIZE;
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
