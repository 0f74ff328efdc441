package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.bridge.Bridge;
import dev.herald.bridge.RemoteEndpoint;
import dev.herald.internal.BridgeAccess;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bridge SPI's one entry point, and the hook behind it that only the runtime sets. */
class BridgeEntryTest {

  @Test
  void bridgesOfOneBusActOnThatBus() {
    MessageBus bus = MessageBus.create();
    List<Object> sent = new ArrayList<>();
    RemoteEndpoint peer = Bridge.of(bus).attachRemote((message, from) -> sent.add(message) ? 1 : 0);

    assertEquals(1, bus.post("hello", Header.to(peer.address())));
    assertEquals(List.of("hello"), sent);
  }

  @Test
  void aNullBusIsRefusedWithItsName() {
    NullPointerException refused = assertThrows(NullPointerException.class, () -> Bridge.of(null));

    assertTrue(refused.getMessage().contains("bus"), refused.getMessage());
  }

  @Test
  void theHookCannotBeReplacedOnceTheRuntimeInstalledIt() {
    MessageBus.create();
    BridgeAccess impostor =
        new BridgeAccess() {
          @Override
          public Bridge bridgeOf(MessageBus bus) {
            throw new AssertionError("never installed");
          }
        };

    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> BridgeAccess.install(impostor));

    assertTrue(refused.getMessage().contains("installed already"), refused.getMessage());
    assertTrue(BridgeAccess.installed() instanceof BusBridge.Access);
  }
}
