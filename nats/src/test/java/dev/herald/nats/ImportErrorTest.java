package dev.herald.nats;

import static dev.herald.nats.Peer.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.nats.Peer.Delivered;
import dev.herald.testing.NatsServer;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireCodec;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An {@link Error} on the importer's thread, from decoding a message or from delivering it, is
 * reported as an {@link ImportFailedException} naming the subject and the sender, and the messages
 * after it are imported as usual: nothing stops the imports in silence.
 */
@Timeout(60)
class ImportErrorTest {
  private static final String SUBJECT = "room.errors";
  private static final OutOfMemoryError DECODING =
      new OutOfMemoryError("Java heap space (a hostile length)");

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

  /** Chat's codec, but reading the text "hostile" runs out of memory, as a huge length would. */
  static final class HostileChatCodec extends WireCodec<Chat> {
    HostileChatCodec() {
      super(Chat_Codec.ID, Chat.class);
    }

    @Override
    public void encode(Chat value, WireWriter out) {
      Chat_Codec.INSTANCE.encode(value, out);
    }

    @Override
    public Chat decode(WireReader in) {
      Chat chat = Chat_Codec.INSTANCE.decode(in);
      if ("hostile".equals(chat.text())) {
        throw DECODING;
      }
      return chat;
    }
  }

  @Test
  void anErrorDecodingOneMessageIsReportedAndTheMessagesAfterItArrive() throws Exception {
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, SUBJECT));
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(
        receiver
            .bridge(server)
            .codecs(CodecRegistry.of(new HostileChatCodec()))
            .importSubject(SUBJECT));

    sender.bus.post(new Chat("before"));
    sender.bus.post(new Chat("hostile"));
    for (int i = 0; i < 10; i++) {
      sender.bus.post(new Chat("after " + i));
    }

    assertEquals(new Chat("before"), next(chats).message());
    for (int i = 0; i < 10; i++) {
      assertEquals(new Chat("after " + i), next(chats).message());
    }
    ImportFailedException failed = receiver.nextError(ImportFailedException.class);
    assertSame(DECODING, failed.getCause());
    assertEquals(SUBJECT, failed.subject());
    assertEquals("chatter", failed.origin());
    assertFalse(failed.willBeRedelivered());
    assertEquals(1, receiver.bridge.lostCount());
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
  }

  /** Chat's codec, but it refuses the text "refused", as a decode budget refuses a payload. */
  static final class RefusingChatCodec extends WireCodec<Chat> {
    RefusingChatCodec() {
      super(Chat_Codec.ID, Chat.class);
    }

    @Override
    public void encode(Chat value, WireWriter out) {
      Chat_Codec.INSTANCE.encode(value, out);
    }

    @Override
    public Chat decode(WireReader in) {
      Chat chat = Chat_Codec.INSTANCE.decode(in);
      if ("refused".equals(chat.text())) {
        throw new IllegalArgumentException("refused by this receiver");
      }
      return chat;
    }
  }

  @Test
  void aMessageThatCannotBeReadIsReportedMalformedAndCountedLostOnceNotAsAGap() throws Exception {
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, SUBJECT));
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    List<MessagesLost> gaps = new ArrayList<>(); // the importing thread's, read after the last chat
    receiver.bus.subscribe(MessagesLost.class, gaps::add);
    receiver.start(
        receiver
            .bridge(server)
            .codecs(CodecRegistry.of(new RefusingChatCodec()))
            .importSubject(SUBJECT));

    sender.bus.post(new Chat("before"));
    sender.bus.post(new Chat("refused"));
    sender.bus.post(new Chat("after"));

    assertEquals(new Chat("before"), next(chats).message());
    assertEquals(new Chat("after"), next(chats).message());
    MalformedPayloadException unreadable = receiver.nextError(MalformedPayloadException.class);
    assertEquals("chatter", unreadable.origin());
    // it arrived: it was not lost on the way, and it is not counted a second time as a gap
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
    assertEquals(List.of(), gaps);
    // received, plus lost, is what was sent
    assertEquals(1, receiver.bridge.lostCount());
  }

  @Test
  void aMessageThatCannotBeDecodedIsCountedOnceWhateverImportsOverlapOnIt() throws Exception {
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, SUBJECT));
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    // two imports that both match the subject: the server sends a copy to each
    receiver.start(
        receiver
            .bridge(server)
            .codecs(CodecRegistry.of(new HostileChatCodec()))
            .importSubject(SUBJECT)
            .importSubject("room.>"));

    sender.bus.post(new Chat("hostile"));
    sender.bus.post(new Chat("after"));

    assertEquals(new Chat("after"), next(chats).message());
    assertEquals(DECODING, receiver.nextError(ImportFailedException.class).getCause());
    sender.bus.post(new Chat("last"));
    assertEquals(new Chat("last"), next(chats).message());
    assertTrue(chats.isEmpty(), "each copy after the first is dropped: " + chats);
    assertEquals(
        1, receiver.bridge.lostCount(), "one message sent, one never handled: " + receiver.errors);
  }

  @Test
  void anErrorAHandlerThrowsIsReportedAndTheMessagesAfterItArrive() throws Exception {
    OutOfMemoryError handling = new OutOfMemoryError("Java heap space (in a handler)");
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, SUBJECT));
    List<String> seen = new ArrayList<>();
    receiver.bus.subscribe(
        Chat.class,
        chat -> {
          seen.add(chat.text()); // on the importing thread, which the list is not shared with
          if (chat.text().equals("boom")) {
            throw handling; // a VirtualMachineError: the bus lets it through to the poster
          }
        });
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).importSubject(SUBJECT));

    sender.bus.post(new Chat("boom"));
    sender.bus.post(new Chat("after"));

    ImportFailedException failed = receiver.nextError(ImportFailedException.class);
    assertSame(handling, failed.getCause());
    assertEquals(SUBJECT, failed.subject());
    assertEquals("chatter", failed.origin());
    assertEquals(new Chat("after"), next(chats).message());
    assertEquals(List.of("boom", "after"), seen);
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
  }

  @Test
  void aHandlerThatLeavesItsThreadInterruptedDoesNotStopTheImports() throws Exception {
    sender.start(sender.bridge(server).origin("chatter").exportType(Chat.class, SUBJECT));
    receiver.bus.subscribe(
        Chat.class,
        chat -> {
          if (chat.text().equals("interrupting")) {
            // what a handler does that caught an InterruptedException and keeps the status, as it
            // should
            Thread.currentThread().interrupt();
          }
        });
    BlockingQueue<Delivered<Chat>> chats = receiver.record(Chat.class);
    receiver.start(receiver.bridge(server).importSubject(SUBJECT));

    sender.bus.post(new Chat("interrupting"));
    sender.bus.post(new Chat("after"));

    assertEquals(new Chat("interrupting"), next(chats).message());
    assertEquals(new Chat("after"), next(chats).message());
    assertTrue(receiver.errors.isEmpty(), receiver.errors.toString());
  }
}
