package dev.herald.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The seed inputs of {@link PacketDecoderFuzzTest}, written from the packet format so that they
 * follow it when it changes. {@code FuzzCorpusTest} checks that the committed files are these; to
 * rewrite them, run {@link #main} from the {@code network} folder. (Inputs the fuzzer found, which
 * are committed beside them, are left alone.)
 */
final class FuzzCorpus {

  static final Path FOLDER =
      Path.of("src", "test", "resources", "dev", "herald", "net", "PacketDecoderFuzzTestInputs");
  private static final byte[] SEPARATOR = {(byte) 0xFF, (byte) 0xFF};

  private FuzzCorpus() {}

  /** Whole packets, token included, by file name: the inputs of {@code decodesOrRejects}. */
  static Map<String, byte[]> packets() {
    Map<String, byte[]> seeds = new LinkedHashMap<>();
    seeds.put("empty_keepalive", TestPackets.packet(0).bytes());
    seeds.put("one_message", TestPackets.packet(0).message(0, ascii("hello")).bytes());
    seeds.put(
        "chain",
        TestPackets.packet(3)
            .message(1, ascii("b"), 0)
            .message(2, ascii("c"), 1, 0)
            .message(0, ascii("a"))
            .bytes());
    seeds.put(
        "with_ack",
        TestPackets.packetWithAck(1, 0, -1).executedBefore(7).message(5, ascii("x")).bytes());
    seeds.put("two_byte_length", TestPackets.packet(0).message(7, new byte[200]).bytes());
    seeds.put(
        "wrapped_dependency",
        TestPackets.packet(0).unconfirmedFrom(32_765).message(2, ascii("w"), 32_767).bytes());
    seeds.put("self_dependency", TestPackets.packet(0).message(4, ascii("s"), 4).bytes());
    seeds.put(
        "outside_window",
        TestPackets.packet(0).unconfirmedFrom(70_000).message(1, ascii("o")).bytes());
    byte[] whole = TestPackets.packet(0).message(0, ascii("hello")).bytes();
    seeds.put("truncated", Arrays.copyOf(whole, whole.length - 2));
    return seeds;
  }

  /**
   * Runs of packets without their token, joined by 0xFF 0xFF, by file name: the inputs of {@code
   * receivesOrRejectsPacketSequences}, which puts the token back in.
   */
  static Map<String, byte[]> packetSequences() {
    Map<String, byte[]> seeds = new LinkedHashMap<>();
    seeds.put("single", sequence(TestPackets.packet(0).message(0, ascii("a"))));
    seeds.put(
        "out_of_order_chain",
        sequence(
            TestPackets.packet(0).message(1, ascii("b"), 0),
            TestPackets.packet(1).message(2, ascii("c"), 1),
            TestPackets.packet(2).message(0, ascii("a")),
            TestPackets.packet(2).message(0, ascii("a")),
            TestPackets.packet(40).message(3, ascii("d"), 2)));
    seeds.put(
        "message_lost",
        sequence(
            TestPackets.packet(0).message(2, ascii("c"), 1),
            TestPackets.packet(1).unconfirmedFrom(2).message(3, ascii("d"))));
    seeds.put(
        "overlapping_separators",
        new byte[] {1, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x61});
    return seeds;
  }

  private static byte[] sequence(TestPackets... packets) {
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (int i = 0; i < packets.length; i++) {
      if (i > 0) {
        joined.writeBytes(SEPARATOR);
      }
      byte[] packet = packets[i].bytes();
      joined.write(packet[0]);
      joined.write(packet, PacketFormat.PREFIX_SIZE, packet.length - PacketFormat.PREFIX_SIZE);
    }
    return joined.toByteArray();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Writes the seeds into {@link #FOLDER}, relative to the working directory. */
  public static void main(String[] args) throws IOException {
    write(FOLDER.resolve("decodesOrRejects"), packets());
    write(FOLDER.resolve("receivesOrRejectsPacketSequences"), packetSequences());
  }

  private static void write(Path folder, Map<String, byte[]> seeds) throws IOException {
    Files.createDirectories(folder);
    for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
      Files.write(folder.resolve(seed.getKey()), seed.getValue());
    }
  }
}
