package dev.herald.example.modular;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.MessageBus;
import dev.herald.wire.CodecRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModularConsumerTest {

  @Test
  void runsAsNamedModules() {
    assertEquals("dev.herald.runtime", MessageBus.class.getModule().getName());
    assertEquals("dev.herald.example.modular", Scoreboard.class.getModule().getName());
  }

  @Test
  void findsTheDispatcherThroughTheIndexTheModuleProvides() {
    try (MessageBus bus = MessageBus.create()) {
      Scoreboard scoreboard = new Scoreboard();
      bus.register(scoreboard);

      int ran = bus.post(new Goal("red"));

      assertEquals(1, ran);
      assertEquals(List.of("red"), scoreboard.goals());
    }
  }

  @Test
  void findsTheCodecTheModuleProvides() {
    CodecRegistry codecs = CodecRegistry.load();

    assertEquals(new Goal("blue"), codecs.fromBytes(codecs.toBytes(new Goal("blue"))));
  }
}
