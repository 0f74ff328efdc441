package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.inheritance.Calls;
import dev.herald.inheritance.a.Twig;
import dev.herald.inheritance.b.Branch;
import dev.herald.inheritance.b.Leaf;
import dev.herald.inheritance.b.LoudRadio;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rule 2, overriding across packages, where Java's rules are subtle: a handler must
 * run once per message however it is overridden, and never be dropped when it is not.
 */
class InheritanceAcrossPackagesTest {
  private final MessageBus bus = TestBuses.rethrowing();

  @BeforeEach
  void clear() {
    Calls.LOG.clear();
  }

  @Test
  void aPackagePrivateHandlerOverriddenThroughAPublicMiddleRunsOnce() {
    bus.register(new Leaf());

    assertEquals(1, bus.post("x"));
    assertEquals(List.of("Leaf.on"), Calls.LOG);
  }

  @Test
  void aHandlerThatOverridesTwoAnnotatedDeclarationsRunsOnce() {
    bus.register(new Twig());

    assertEquals(1, bus.post(7));
    assertEquals(List.of("Twig.on"), Calls.LOG);
  }

  @Test
  void handlersThatDoNotOverrideEachOtherBothRun() {
    bus.register(new Branch());

    assertEquals(2, bus.post(7));
    assertEquals(List.of("Branch.on", "Root.on"), Calls.LOG);
  }

  @Test
  void overridingTheEnvelopeOverloadKeepsThePlainOne() {
    bus.register(new LoudRadio());

    assertEquals(2, bus.post(7L));
    assertEquals(List.of("LoudRadio.hear+envelope", "Radio.hear"), Calls.LOG);
  }
}
