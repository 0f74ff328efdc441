package dev.herald.wire.tests;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import dev.herald.wire.WireReader;
import java.util.Arrays;

/**
 * Fuzzes {@link CodecRegistry#decode} with every codec of this module's test types: whatever the
 * bytes, each frame is either decoded or refused with a {@link WireFormatException} (nothing else
 * may be thrown, no OutOfMemoryError, no StackOverflowError), the reader moves past a refused
 * frame, and what was decoded encodes back to bytes that decode the same.
 *
 * <p>Under {@code mvn test} this runs in regression mode over the committed inputs in {@code
 * src/test/resources/dev/herald/wire/tests/CodecRegistryFuzzTestInputs/decodesOrRejects/} (frames
 * of the test types, valid and broken). To fuzz: {@code JAZZER_FUZZ=1 mvn -pl wire-tests test
 * -Dtest=CodecRegistryFuzzTest} (a crashing input is written into that folder: commit it with the
 * fix).
 */
class CodecRegistryFuzzTest {
  private static final CodecRegistry CODECS = CodecRegistry.load();

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejects(byte[] input) {
    WireReader in = new WireReader(input);
    while (in.hasRemaining()) {
      int before = in.position();
      Object message;
      try {
        message = CODECS.decode(in);
      } catch (WireFormatException refused) {
        if (in.position() <= before || refused.offset() < 0 || refused.offset() > input.length) {
          throw new AssertionError(
              "refused at " + refused.offset() + " but the reader stayed at " + in.position(),
              refused);
        }
        continue;
      }
      byte[] again = CODECS.toBytes(message);
      if (!Arrays.equals(again, CODECS.toBytes(CODECS.fromBytes(again)))) {
        throw new AssertionError("decoded " + message + " does not survive a round trip");
      }
    }
  }
}
