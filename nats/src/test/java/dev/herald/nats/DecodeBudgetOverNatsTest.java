package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import io.nats.client.Connection;
import io.nats.client.Nats;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A payload within the server's limit whose frame would make far more than its size when decoded (a
 * list of records of many fields, each absent) is refused by the codecs' decode budget: reported as
 * malformed, never an {@code OutOfMemoryError}, and the imports go on.
 */
@Timeout(60)
class DecodeBudgetOverNatsTest {
  private static NatsServer server;
  private final Peer sender = new Peer();
  private final Peer receiver = new Peer();

  @BeforeAll
  static void startServer() throws Exception {
    server = NatsServer.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @AfterEach
  void closePeers() throws Exception {
    sender.close();
    receiver.close();
  }

  @Test
  void aFrameThatWouldMakeTooMuchIsReportedMalformedAndTheImportsGoOn() throws Exception {
    sender.start(sender.bridge(server).origin("lobby-1").exportType(Tick.class));
    BlockingQueue<Delivered<Tick>> ticks = receiver.record(Tick.class);
    BlockingQueue<Delivered<Crowd>> crowds = receiver.record(Crowd.class);
    receiver.start(receiver.bridge(server).importType(Tick.class).importType(Crowd.class));

    byte[] hostile = crowdOfEmptyRecords(900 * 1024);
    try (Connection raw = Nats.connect(server.url())) {
      raw.publish(Subjects.withOrigin(Subjects.derived("herald", Crowd.class), "lobby-2"), hostile);
      raw.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));
    }
    MalformedPayloadException refused = receiver.nextError(MalformedPayloadException.class);
    for (int i = 1; i <= 100; i++) {
      sender.bus.post(new Tick(i));
    }
    sender.bridge.flush(Duration.ofSeconds(Peer.PATIENCE_SECONDS));

    assertTrue(refused.getMessage().contains("decoding this frame of"), refused.getMessage());
    assertTrue(refused.getMessage().contains("withDecodeBudget"), refused.getMessage());
    assertEquals("lobby-2", refused.origin());
    for (int i = 1; i <= 100; i++) {
      assertEquals(i, next(ticks).message().number());
    }
    assertTrue(crowds.isEmpty(), "nothing of the hostile frame was posted");
    assertEquals(0, receiver.bridge.lostCount());
  }

  /**
   * A bare frame of a {@link Crowd} whose list holds as many {@link Wide} records as fit in {@code
   * size} bytes, each a nested value of no bytes (a length of 0, written plus one): every field
   * absent, as an older version's record would be.
   */
  private static byte[] crowdOfEmptyRecords(int size) {
    int count = size - 16;
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    varint(body, count + 1);
    for (int i = 0; i < count; i++) {
      body.write(1);
    }
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    varint(frame, 108);
    varint(frame, body.size() + 1);
    frame.writeBytes(body.toByteArray());
    return frame.toByteArray();
  }

  private static void varint(ByteArrayOutputStream out, int value) {
    while ((value & ~0x7F) != 0) {
      out.write((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.write(value);
  }
}
