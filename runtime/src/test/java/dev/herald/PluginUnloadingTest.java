package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bus as a plugin host uses it (a game that loads mods, a server that redeploys): a listener
 * compiled at run time by the real processor, loaded in its own class loader, registered, posted
 * to, then unregistered or dropped. Once the loader is dropped it must be collectable, while the
 * bus lives on.
 */
class PluginUnloadingTest {
  /**
   * The mod: it answers a host's {@code String} with a message type of its own, and that with an
   * {@code Integer} the host listens for; an asynchronous, serial handler too.
   */
  private static final String MOD_SOURCE =
      String.join(
          "\n",
          "package mod;",
          "",
          "import dev.herald.MessageBus;",
          "import dev.herald.annotation.Subscribe;",
          "import java.util.function.Consumer;",
          "",
          "public final class Mod implements Consumer<MessageBus> {",
          "  private MessageBus bus;",
          "",
          "  public static final class Spawned {",
          "    final int size;",
          "",
          "    Spawned(int size) {",
          "      this.size = size;",
          "    }",
          "  }",
          "",
          "  @Override",
          "  public void accept(MessageBus bus) {",
          "    this.bus = bus;",
          "  }",
          "",
          "  @Subscribe(tags = \"mods\")",
          "  void tagged(String text) {}",
          "",
          "  @Subscribe",
          "  void onText(String text) {",
          "    bus.post(new Spawned(text.length()));",
          "  }",
          "",
          "  @Subscribe",
          "  void onSpawned(Spawned spawned) {",
          "    bus.post(Integer.valueOf(spawned.size));",
          "  }",
          "",
          "  @Subscribe(async = true)",
          "  void later(Spawned spawned) {}",
          "}",
          "");

  @TempDir static Path compiled;

  /** Kept for the whole class, as a host keeps its bus while mods come and go. */
  private static final MessageBus LONG_LIVED = MessageBus.create();

  private final List<Integer> answers = new CopyOnWriteArrayList<>();
  private final AtomicInteger seenByCatchAll = new AtomicInteger();

  @BeforeAll
  static void compileTheMod() throws Exception {
    Path source = compiled.resolve("src/mod/Mod.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, MOD_SOURCE);
    Path classes = Files.createDirectories(compiled.resolve("classes"));
    String classPath =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int status =
        javac.run(
            null,
            null,
            null,
            "-classpath",
            classPath,
            "-processorpath",
            classPath,
            "-d",
            classes.toString(),
            source.toString());
    assertEquals(0, status, "the mod did not compile");
    assertTrue(
        Files.exists(classes.resolve("mod/Mod_Dispatcher.class")), "the processor did not run");
  }

  @Test
  void anUnregisteredModsClassLoaderIsCollectedWhileTheBusLives() throws Exception {
    GarbageCollection.assumeExplicitGcWorks();
    MessageBus bus = LONG_LIVED;
    hostListens(bus);

    WeakReference<ClassLoader> loader = loadPostAndUnload(bus, true);

    assertTrue(
        GarbageCollection.collectUntil(() -> loader.get() == null),
        "the mod's class loader is still reachable after it was unregistered and dropped");
    assertTheBusStillWorks(bus);
  }

  @Test
  void aCollectedModsClassLoaderIsCollectedWhileTheBusLives() throws Exception {
    GarbageCollection.assumeExplicitGcWorks();
    MessageBus bus = LONG_LIVED;
    hostListens(bus);

    WeakReference<ClassLoader> loader = loadPostAndUnload(bus, false);

    // the host goes on posting; that is what lets the bus notice the mod was collected
    assertTrue(
        GarbageCollection.collectUntil(
            () -> {
              bus.post("tick");
              return loader.get() == null;
            }),
        "the mod's class loader is still reachable after its listener was collected");
    assertTheBusStillWorks(bus);
  }

  @Test
  void aBusWithAnExplicitIndexLetsTheModGoToo() throws Exception {
    GarbageCollection.assumeExplicitGcWorks();
    MessageBus bus = MessageBus.builder().index(List::of).build();
    hostListens(bus);

    WeakReference<ClassLoader> loader = loadPostAndUnload(bus, true);

    assertTrue(
        GarbageCollection.collectUntil(() -> loader.get() == null),
        "the mod's class loader is still reachable from a bus with its own lookup");
    assertTheBusStillWorks(bus);
    Reference.reachabilityFence(bus);
  }

  private void hostListens(MessageBus bus) {
    bus.subscribe(Integer.class, answers::add);
    bus.subscribe(Object.class, message -> seenByCatchAll.incrementAndGet());
  }

  /**
   * Loads the mod, registers it, checks it took part, and lets it go: unregistered, or (registered
   * weakly) only dropped. Nothing of the mod outlives this method but what the bus keeps.
   */
  @SuppressWarnings("unchecked")
  private WeakReference<ClassLoader> loadPostAndUnload(MessageBus bus, boolean unregister)
      throws Exception {
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {compiled.resolve("classes").toUri().toURL()},
            MessageBus.class.getClassLoader())) {
      Object mod = loader.loadClass("mod.Mod").getConstructor().newInstance();
      ((Consumer<MessageBus>) mod).accept(bus);
      Registration registration = unregister ? bus.register(mod) : bus.registerWeakly(mod);
      // a plain post, a tagged one (through the envelope path), and the mod's own chain
      bus.post("hello");
      bus.post("tagged", Header.builder().tags("mods").build());
      assertEquals(List.of(5, 6), answers, "the mod answered each text with its length");
      if (unregister) {
        registration.close();
      }
      return new WeakReference<>(loader);
    }
  }

  private void assertTheBusStillWorks(MessageBus bus) {
    answers.clear();
    int before = seenByCatchAll.get();
    bus.post(7);
    assertEquals(List.of(7), answers);
    assertEquals(before + 1, seenByCatchAll.get());
  }
}
