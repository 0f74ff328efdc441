package dev.herald.sample;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.annotation.Wire;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireReader;
import dev.herald.wire.WireWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Records every {@link GameEvent} with the frame it was delivered in, as wire frames one after
 * another in a file; and plays such a file back into a bus, frame by frame.
 */
final class Replay {

  /** One recorded message: a wire type holding any {@link GameEvent}. */
  @Wire(id = 6)
  record Entry(long frame, GameEvent event) {}

  private static final CodecRegistry CODECS = CodecRegistry.load();

  private final MessageBus bus;
  private final WireWriter out = WireWriter.growable(4096);
  private int recorded;

  Replay(MessageBus bus) {
    this.bus = bus;
  }

  /** Hidden: recording a message does not make it received (a Surrender still goes unanswered). */
  @Subscribe(hidden = true)
  void record(GameEvent event) {
    CODECS.encode(new Entry(bus.frame(), event), out);
    recorded++;
  }

  int recorded() {
    return recorded;
  }

  /** Writes what was recorded to {@code file}; returns its size in bytes. */
  int save(Path file) throws IOException {
    Files.write(file, out.toByteArray());
    return out.position();
  }

  /** Reads {@code file} and posts each message into {@code bus} at its frame; returns how many. */
  static int playBack(Path file, MessageBus bus) throws IOException {
    WireReader in = new WireReader(Files.readAllBytes(file));
    List<Entry> entries = new ArrayList<>();
    while (in.hasRemaining()) {
      entries.add((Entry) CODECS.decode(in));
    }
    for (Entry entry : entries) {
      while (bus.frame() < entry.frame()) {
        bus.endFrame();
      }
      bus.post(entry.event());
    }
    return entries.size();
  }
}
