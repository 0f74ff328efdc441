package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.DispatcherIndex;
import dev.herald.internal.generated.HandlerInfo;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/DESIGN.md rule 2: registration, unregistration, inheritance and overriding. */
class RegistrationTest {
  private final MessageBus bus = TestBuses.rethrowing();
  private final List<String> log = new ArrayList<>();

  static class Base {
    final List<String> log;

    Base(List<String> log) {
      this.log = log;
    }

    @Subscribe
    void onEvent(Event event) {
      log.add("base.onEvent:" + event);
    }

    @Subscribe
    void onAttack(Attack attack) {
      log.add("base.onAttack:" + attack);
    }

    @Subscribe
    void reported(Attack attack) {
      log.add("base.reported:" + attack);
    }
  }

  /** Overrides one handler with @Subscribe and one without; adds its own. */
  static class Derived extends Base {
    Derived(List<String> log) {
      super(log);
    }

    @Override
    @Subscribe(priority = 5)
    void onAttack(Attack attack) {
      log.add("derived.onAttack:" + attack);
    }

    @Override
    void reported(Attack attack) {
      log.add("derived.reported:" + attack);
    }

    @Subscribe
    void own(Event event) {
      log.add("derived.own:" + event);
    }
  }

  /** Has no handlers of its own: its superclass's dispatcher serves it. */
  static final class Leaf extends Derived {
    Leaf(List<String> log) {
      super(log);
    }
  }

  static final class Unannotated {}

  /**
   * Guava registers an object without handlers as a no-op; {@code register} throws, since that is
   * how a missing processor shows, and {@code registerIfListener} is the lenient form.
   */
  @Test
  void registerIfListenerSkipsAnObjectWithoutHandlersAndRegistersAListener() {
    assertTrue(bus.registerIfListener(new Unannotated()).isEmpty());
    assertThrows(IllegalArgumentException.class, () -> bus.register(new Unannotated()));

    Registration registration = bus.registerIfListener(new Base(log)).orElseThrow();
    assertTrue(registration.isActive());
    assertEquals(3, bus.post(new Attack("a")));
  }

  @Test
  void registeringTheSameInstanceTwiceReturnsTheExistingRegistration() {
    Base listener = new Base(log);
    Registration first = bus.register(listener);
    Registration second = bus.register(listener);
    Registration strongly = bus.register(listener);

    assertSame(first, second);
    assertSame(first, strongly);
    bus.post(new Event("once"));
    assertEquals(List.of("base.onEvent:once"), log);
    Reference.reachabilityFence(listener);
  }

  @Test
  void equalButDistinctListenersAreRegisteredSeparately() {
    bus.register(
        new Base(log) {
          @Override
          public boolean equals(Object o) {
            return true;
          }

          @Override
          public int hashCode() {
            return 1;
          }
        });
    Base plain = new Base(log);
    bus.register(plain);

    assertEquals(2, bus.post(new Event("e")));
  }

  @Test
  void unregisteringAnUnknownInstanceReturnsFalse() {
    Base listener = new Base(log);
    assertFalse(bus.unregister(listener));
    bus.register(listener);
    assertTrue(bus.unregister(listener));
    assertFalse(bus.unregister(listener));
    assertEquals(0, bus.post(new Event("gone")));
  }

  @Test
  void closingARegistrationUnregistersAndIsIdempotent() {
    Base listener = new Base(log);
    Registration registration = bus.register(listener);
    assertTrue(registration.isActive());

    registration.close();
    registration.close();

    assertFalse(registration.isActive());
    assertFalse(bus.unregister(listener));
    assertEquals(0, bus.post(new Event("gone")));
    assertTrue(log.isEmpty());
  }

  /**
   * A registration's address is made when first asked for (registering stays cheap); it receives
   * what is sent to it from then on, and the address of a registration closed before anyone asked
   * is already retired.
   */
  @Test
  void anAddressAskedForAfterRegisteringReceivesAndOneAskedForAfterClosingIsRetired() {
    Registration registration = bus.register(new Base(log));
    Address address = registration.address();

    assertSame(address, registration.address());
    assertEquals(1, bus.post(new Event("here"), Header.to(address)));
    assertEquals(List.of("base.onEvent:" + new Event("here")), log);

    Registration closed = bus.register(new Base(log));
    closed.close();
    assertTrue(closed.address().isRetired());
    assertThrows(IllegalStateException.class, () -> bus.registration().at(closed.address()));
  }

  @Test
  void aClosedListenerCanBeRegisteredAgain() {
    Base listener = new Base(log);
    Registration first = bus.register(listener);
    first.close();
    Registration second = bus.register(listener);

    assertTrue(second.isActive());
    assertFalse(first.isActive());
    assertEquals(1, bus.post(new Event("back")));
    Reference.reachabilityFence(listener);
  }

  @Test
  void inheritedHandlersAreRegisteredAndAnOverriddenHandlerRunsOnce() {
    bus.register(new Derived(log));

    int ran = bus.post(new Attack("a"));

    assertEquals(4, ran);
    assertEquals(
        List.of("derived.onAttack:a", "derived.own:a", "base.onEvent:a", "derived.reported:a"),
        log);
  }

  @Test
  void aSubclassWithoutHandlersUsesItsSuperclassesDispatchers() {
    bus.register(new Leaf(log));

    bus.post(new Attack("a"));

    assertEquals(
        List.of("derived.onAttack:a", "derived.own:a", "base.onEvent:a", "derived.reported:a"),
        log);
  }

  @Test
  void anObjectWithoutADispatcherIsRejectedWithAClearMessage() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.register(new Unannotated()));

    assertTrue(error.getMessage().contains(Unannotated.class.getName()), error.getMessage());
    assertTrue(error.getMessage().contains("herald-processor"), error.getMessage());
    assertTrue(error.getMessage().contains("annotationProcessorPaths"), error.getMessage());
    assertTrue(
        error.getMessage().contains("found generated dispatchers, but none for this class"),
        error.getMessage());
    assertEquals(0, bus.registry.listenerCount());
  }

  @Test
  void theRejectionOfAnObjectWithoutHandlersPointsToTheLenientRegisterIfListener() {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.register(new Unannotated()));

    assertTrue(error.getMessage().contains("registerIfListener"), error.getMessage());
    assertTrue(bus.registerIfListener(new Unannotated()).isEmpty());
  }

  @Test
  void aProgramCompiledWithoutTheProcessorIsToldSoAndHowToFixTheBuild(@TempDir Path dir)
      throws Exception {
    // a class from a build without Herald's processor: its class loader sees no dispatcher
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Path source = Files.writeString(dir.resolve("Plain.java"), "public class Plain {}\n");
    assertEquals(
        0, javac.run(null, null, null, "-proc:none", "-d", dir.toString(), source.toString()));
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {dir.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Object plain = loader.loadClass("Plain").getConstructor().newInstance();

      IllegalArgumentException error =
          assertThrows(IllegalArgumentException.class, () -> bus.register(plain));

      String message = error.getMessage();
      assertTrue(message.contains("no generated dispatcher at all"), message);
      assertTrue(message.contains("3.5 or newer"), message);
      assertTrue(message.contains("mvn clean"), message);
    }
  }

  @Test
  void aLambdaGivenToRegisterIsRejectedWithAHintToSubscribe() {
    Runnable lambda = () -> {};
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.register(lambda));
    assertTrue(error.getMessage().contains("subscribe("), error.getMessage());
  }

  @Test
  void nullArgumentsAreRejected() {
    assertThrows(NullPointerException.class, () -> bus.register(null));
    assertThrows(NullPointerException.class, () -> bus.unregister(null));
    assertThrows(NullPointerException.class, () -> bus.subscribe(null, m -> {}));
    assertThrows(NullPointerException.class, () -> bus.subscribe(Event.class, null));
  }

  @Test
  void subscribingToAPrimitiveTypeIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> bus.subscribe(int.class, m -> {}));
  }

  static final class HandWritten {
    final List<String> log = new ArrayList<>();
  }

  /** Stands for a dispatcher whose index the ServiceLoader cannot see. */
  static final class HandWrittenDispatcher extends Dispatcher<HandWritten> {
    HandWrittenDispatcher() {
      super(HandWritten.class, HandlerInfo.of("record", Event.class));
    }

    @Override
    public void call(int handler, HandWritten listener, Object message) {
      listener.log.add("hand-written:" + message);
    }
  }

  @Test
  void anIndexGivenToTheBuilderIsUsed() {
    DispatcherIndex index = () -> List.of(new HandWrittenDispatcher());
    MessageBus withIndex = MessageBus.builder().index(index).build();
    HandWritten listener = new HandWritten();

    assertThrows(IllegalArgumentException.class, () -> bus.register(listener));
    withIndex.register(listener);
    withIndex.post(new Event("e"));

    assertEquals(List.of("hand-written:e"), listener.log);
  }

  /**
   * docs/DESIGN.md rule 4: once unregistered, nothing of the listener is kept, not even by the
   * calls the bus made for the last post, which reached it.
   */
  @Test
  void anUnregisteredListenerIsCollectableThoughTheLastPostReachedIt() {
    WeakReference<EventRecorder> listener = registerPostAndUnregister(bus);

    assertTrue(
        GarbageCollection.collectUntil(() -> listener.get() == null),
        "the bus still holds a listener that was unregistered after the last post reached it");
  }

  /**
   * docs/DESIGN.md rule 4, with the bus keeping each thread's last post's calls: when the posts
   * that reached the listener were made on other threads, the calls kept for each of them let it go
   * too.
   */
  @Test
  void anUnregisteredListenerIsCollectableThoughPostsOnOtherThreadsReachedIt()
      throws InterruptedException {
    WeakReference<EventRecorder> listener = registerPostOnThreadsAndUnregister(bus, 20);

    assertTrue(
        GarbageCollection.collectUntil(() -> listener.get() == null),
        "the bus still holds a listener that was unregistered after posts on other threads"
            + " reached it");
  }

  private static WeakReference<EventRecorder> registerPostOnThreadsAndUnregister(
      MessageBus bus, int threads) throws InterruptedException {
    List<String> log = new ArrayList<>();
    EventRecorder recorder = new EventRecorder(log);
    bus.register(recorder);
    for (int i = 0; i < threads; i++) { // one after another: the log is not shared at once
      Thread poster = new Thread(() -> bus.post(new Event("e")));
      poster.start();
      poster.join();
    }
    assertEquals(threads, log.size());
    assertTrue(bus.unregister(recorder));
    return new WeakReference<>(recorder);
  }

  private static WeakReference<EventRecorder> registerPostAndUnregister(MessageBus bus) {
    List<String> log = new ArrayList<>();
    EventRecorder recorder = new EventRecorder(log);
    bus.register(recorder);
    bus.post(new Event("e"));
    assertEquals(List.of("e"), log);
    assertTrue(bus.unregister(recorder));
    return new WeakReference<>(recorder);
  }
}
