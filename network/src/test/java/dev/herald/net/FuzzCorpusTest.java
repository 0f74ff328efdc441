package dev.herald.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The committed seeds of {@link PacketDecoderFuzzTest} follow the packet format: a seed in an old
 * format would only exercise the decoder's first rejection.
 */
class FuzzCorpusTest {

  private static final String REGENERATE =
      ": run FuzzCorpus.main from the network folder to rewrite the seeds";
  private static final Set<String> MALFORMED =
      Set.of("self_dependency", "outside_window", "truncated");

  @Test
  void committedSeedsAreTheOnesTheFormatGives() throws IOException {
    assertCommitted("decodesOrRejects", FuzzCorpus.packets());
    assertCommitted("receivesOrRejectsPacketSequences", FuzzCorpus.packetSequences());
  }

  @Test
  void wellFormedSeedsDecodeAndMalformedOnesDoNot() {
    for (Map.Entry<String, byte[]> seed : FuzzCorpus.packets().entrySet()) {
      PacketDecoder decoder = new PacketDecoder(ConnectionConfig.defaults());
      byte[] packet = seed.getValue();
      if (MALFORMED.contains(seed.getKey())) {
        assertThrows(
            ProtocolException.class, () -> decoder.decode(packet, 0, packet.length), seed.getKey());
      } else {
        TestPackets.decode(packet);
      }
    }
  }

  private static void assertCommitted(String test, Map<String, byte[]> seeds) throws IOException {
    Path folder = Path.of("").toAbsolutePath().resolve(FuzzCorpus.FOLDER).resolve(test);
    assertTrue(Files.isDirectory(folder), folder + " is missing" + REGENERATE);
    for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
      Path file = folder.resolve(seed.getKey());
      assertTrue(Files.exists(file), file + " is missing" + REGENERATE);
      assertArrayEquals(
          seed.getValue(), Files.readAllBytes(file), file + " is out of date" + REGENERATE);
    }
    try (var files = Files.list(folder)) {
      // Besides the seeds, only inputs the fuzzer found (crash-...), committed with their fix.
      assertEquals(
          List.of(),
          files
              .map(f -> f.getFileName().toString())
              .filter(name -> !seeds.containsKey(name) && !name.startsWith("crash-"))
              .sorted()
              .collect(Collectors.toList()),
          "stale seeds in " + folder + REGENERATE + " (and delete these)");
    }
  }
}
