package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.testing.WithoutProcessor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/DESIGN.md rule 2: an object whose code marks handlers that would never run (Herald's
 * {@code @Subscribe} compiled without the processor, another bus's annotation left from a port) is
 * refused by {@code register} and {@code registerIfListener} alike, with a message that names the
 * methods and the fix; it is never silently skipped.
 */
public class MisbuiltListenersTest {
  private final MessageBus bus = TestBuses.rethrowing();
  private final List<String> log = new ArrayList<>();

  @TempDir Path dir;

  @Test
  void heraldsSubscribeCompiledWithoutTheProcessorIsRefusedByBothFormsNamingTheMethods()
      throws Exception {
    Object listener =
        compileWithoutProcessor(
            "Radar",
            "public class Radar {\n"
                + "  @dev.herald.annotation.Subscribe public void onEvent(Object e) {}\n"
                + "  @dev.herald.annotation.Subscribe(priority = 2) public void onPing(String p)"
                + " {}\n"
                + "}\n");

    IllegalArgumentException register =
        assertThrows(IllegalArgumentException.class, () -> bus.register(listener));
    IllegalArgumentException lenient =
        assertThrows(IllegalArgumentException.class, () -> bus.registerIfListener(listener));
    assertThrows(IllegalArgumentException.class, () -> bus.hasHandlers(listener.getClass()));

    String message = register.getMessage();
    assertTrue(message.contains("Radar.onEvent and Radar.onPing"), message);
    assertTrue(message.contains("compiled without Herald's annotation processor"), message);
    assertTrue(message.contains("annotationProcessorPaths"), message);
    assertEquals(message, lenient.getMessage());
    assertEquals(0, bus.registry.listenerCount());
  }

  @Test
  void aSubclassCompiledWithoutTheProcessorIsRefusedThoughItsSuperclassHasADispatcher()
      throws Exception {
    Object listener =
        compileWithoutProcessor(
            "Late",
            "public class Late extends dev.herald.MisbuiltListenersTest.Processed {\n"
                + "  @dev.herald.annotation.Subscribe public void onString(String s) {}\n"
                + "}\n");

    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.registerIfListener(listener));

    assertTrue(error.getMessage().contains("Late.onString carries @"), error.getMessage());
    assertTrue(
        error.getMessage().contains("no dispatcher was generated for it"), error.getMessage());
    // the superclass alone is a listener as ever
    assertTrue(bus.registerIfListener(new Processed()).isPresent());
  }

  @Test
  void aLeftoverGuavaSubscribeIsNamedAsGuavasInsteadOfBlamingTheProcessor() throws Exception {
    Object listener =
        compileWithoutProcessor(
            "Ported",
            "public class Ported {\n"
                + "  @com.google.common.eventbus.Subscribe public void onEvent(Object e) {}\n"
                + "}\n",
            "com.google.common.eventbus.Subscribe");

    IllegalArgumentException register =
        assertThrows(IllegalArgumentException.class, () -> bus.register(listener));
    IllegalArgumentException lenient =
        assertThrows(IllegalArgumentException.class, () -> bus.registerIfListener(listener));

    String message = register.getMessage();
    assertTrue(message.contains("Ported.onEvent carries Guava"), message);
    assertTrue(message.contains("Guava EventBus's @com.google.common.eventbus.Subscribe"), message);
    assertTrue(message.contains("which Herald does not read"), message);
    assertTrue(message.contains("@dev.herald.annotation.Subscribe"), message);
    assertFalse(message.contains("annotationProcessorPaths"), message);
    assertEquals(message, lenient.getMessage());
  }

  @Test
  void aBusThatIgnoresForeignSubscribeSkipsAClassKeptOnTheOtherBusButStillRefusesHeraldsOwn()
      throws Exception {
    MessageBus tolerant = MessageBus.builder().ignoreForeignSubscribe().build();
    Object stillOnGuava =
        compileWithoutProcessor(
            "StillOnGuava",
            "public class StillOnGuava {\n"
                + "  @com.google.common.eventbus.Subscribe public void onEvent(Object e) {}\n"
                + "}\n",
            "com.google.common.eventbus.Subscribe");

    assertTrue(tolerant.registerIfListener(stillOnGuava).isEmpty());
    assertFalse(tolerant.hasHandlers(stillOnGuava.getClass()));
    IllegalArgumentException register =
        assertThrows(IllegalArgumentException.class, () -> tolerant.register(stillOnGuava));
    assertTrue(register.getMessage().contains("Guava EventBus's"), register.getMessage());
    assertThrows(IllegalArgumentException.class, () -> bus.registerIfListener(stillOnGuava));
  }

  @Test
  void aBusThatIgnoresForeignSubscribeStillRefusesHeraldsSubscribeWithoutADispatcher()
      throws Exception {
    MessageBus tolerant = MessageBus.builder().ignoreForeignSubscribe().build();
    Object listener =
        compileWithoutProcessor(
            "Unprocessed",
            "public class Unprocessed {\n"
                + "  @dev.herald.annotation.Subscribe public void onEvent(Object e) {}\n"
                + "}\n");

    assertThrows(IllegalArgumentException.class, () -> tolerant.registerIfListener(listener));
  }

  @Test
  void aLeftoverGreenrobotSubscribeIsNamedAsGreenrobots() throws Exception {
    Object listener =
        compileWithoutProcessor(
            "Screen",
            "public class Screen {\n"
                + "  @org.greenrobot.eventbus.Subscribe public void onEvent(Object e) {}\n"
                + "}\n",
            "org.greenrobot.eventbus.Subscribe");

    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.registerIfListener(listener));

    assertTrue(error.getMessage().contains("greenrobot EventBus's"), error.getMessage());
  }

  @Test
  void anObjectWithNoMarkedMethodsIsSkippedByTheLenientFormEvenWhereNoDispatcherExists()
      throws Exception {
    // a class from a loader that sees no dispatcher at all: a library's bean, say
    Object plain =
        compileWithoutProcessor(
            "Plain",
            ClassLoader.getPlatformClassLoader(),
            "public class Plain { public void onEvent(Object e) {} }");

    assertTrue(bus.registerIfListener(plain).isEmpty());
    assertFalse(bus.hasHandlers(plain.getClass()));
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> bus.register(plain));
    assertTrue(error.getMessage().contains("Plain"), error.getMessage());
  }

  @Test
  void aClassMadeAtRunTimeIsJudgedByItsDispatchersAlone() {
    Runnable lambda = () -> {};

    assertTrue(bus.registerIfListener(lambda).isEmpty());
    assertFalse(bus.hasHandlers(lambda.getClass()));
  }

  @Test
  void aRefusedListenerLeavesTheBusWorking() throws Exception {
    Object listener =
        compileWithoutProcessor(
            "Broken",
            "public class Broken {\n"
                + "  @dev.herald.annotation.Subscribe public void onEvent(Object e) {}\n"
                + "}\n");
    assertThrows(IllegalArgumentException.class, () -> bus.register(listener));

    bus.register(new Processed(log));
    assertEquals(1, bus.post(new Event("after")));
    assertEquals(List.of("after"), log);
  }

  /** A listener compiled with the processor: the superclass of a subclass compiled without it. */
  public static class Processed {
    private final List<String> log;

    public Processed() {
      this(new ArrayList<>());
    }

    Processed(List<String> log) {
      this.log = log;
    }

    @dev.herald.annotation.Subscribe
    void onEvent(Event event) {
      log.add(event.toString());
    }
  }

  private Object compileWithoutProcessor(String className, String source, String... stubs)
      throws Exception {
    return compileWithoutProcessor(className, getClass().getClassLoader(), source, stubs);
  }

  private Object compileWithoutProcessor(
      String className, ClassLoader parent, String source, String... stubs) throws Exception {
    return WithoutProcessor.compile(dir, parent, className, source, stubs)
        .getConstructor()
        .newInstance();
  }
}
