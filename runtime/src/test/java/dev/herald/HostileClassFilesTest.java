package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code registerIfListener} and {@code hasHandlers} read class files through the class's loader
 * (docs/DESIGN.md rule 2): class loaders that serve other bytes than they defined, fail to read, or
 * are many and used from many threads at once. Whatever the bytes, the bus judges a class by its
 * dispatchers when its class file tells nothing trustworthy, and never fails otherwise.
 */
class HostileClassFilesTest {
  @TempDir Path dir;

  /** Compiles the sources (path, text, path, text...) into {@code dir/out}. */
  private Path compile(String out, boolean withProcessor, String... pathsAndSources)
      throws IOException {
    Path classes = Files.createDirectories(dir.resolve(out));
    String classPath = System.getProperty("java.class.path");
    List<String> arguments = new ArrayList<>();
    if (withProcessor) {
      arguments.addAll(List.of("-processorpath", classPath));
    } else {
      arguments.add("-proc:none");
    }
    arguments.addAll(List.of("-d", classes.toString(), "-cp", classPath));
    for (int i = 0; i < pathsAndSources.length; i += 2) {
      Path source = dir.resolve(out + "-src").resolve(pathsAndSources[i]);
      Files.createDirectories(source.getParent());
      arguments.add(Files.writeString(source, pathsAndSources[i + 1]).toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertEquals(0, javac.run(null, null, null, arguments.toArray(new String[0])));
    return classes;
  }

  private Object instantiate(ClassLoader loader, String className) throws Exception {
    return loader.loadClass(className).getConstructor().newInstance();
  }

  /** Defines classes from its URLs, but answers every class file request its own way. */
  static final class ServingOtherBytes extends URLClassLoader {
    private final byte[] served;
    private final RuntimeException failure;

    ServingOtherBytes(URL classes, byte[] served, RuntimeException failure) {
      super(new URL[] {classes}, HostileClassFilesTest.class.getClassLoader());
      this.served = served;
      this.failure = failure;
    }

    @Override
    public InputStream getResourceAsStream(String name) {
      if (!name.endsWith(".class")) {
        return super.getResourceAsStream(name);
      }
      if (failure != null) {
        throw failure;
      }
      return new ByteArrayInputStream(served);
    }
  }

  /**
   * A class file whose one method carries an annotation with an array in an array in an array...
   * {@code depth} times: no Java source compiles to it, and the JVM does not read invisible
   * annotations, but a class file may say it.
   */
  private static byte[] annotationNested(int depth) throws IOException {
    ByteArrayOutputStream attribute = new ByteArrayOutputStream();
    DataOutputStream annotation = new DataOutputStream(attribute);
    annotation.writeShort(1); // one annotation
    annotation.writeShort(5); // of type Lx/Deep;
    annotation.writeShort(1); // one element
    annotation.writeShort(6); // named value
    for (int i = 0; i < depth; i++) {
      annotation.writeByte('[');
      annotation.writeShort(1);
    }
    annotation.writeByte('Z');
    annotation.writeShort(1);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(0xCAFEBABE);
    out.writeShort(0);
    out.writeShort(61);
    String[] constants = {"Plain", "on", "()V", "RuntimeInvisibleAnnotations", "Lx/Deep;", "value"};
    out.writeShort(constants.length + 1);
    for (String constant : constants) {
      out.writeByte(1);
      out.writeUTF(constant);
    }
    out.writeShort(1); // public
    out.writeShort(1); // this class: not a Class entry, which the reader does not look at
    out.writeShort(0); // no superclass
    out.writeShort(0); // interfaces
    out.writeShort(0); // fields
    out.writeShort(1); // one method: on()V
    out.writeShort(1);
    out.writeShort(2);
    out.writeShort(3);
    out.writeShort(1); // one attribute
    out.writeShort(4);
    out.writeInt(attribute.size());
    attribute.writeTo(out);
    out.writeShort(0); // class attributes
    return bytes.toByteArray();
  }

  @Test
  void aClassFileWhoseAnnotationValuesNestBeyondTheStackIsJudgedByItsDispatchers()
      throws Exception {
    Path classes = compile("plain", false, "Plain.java", "public class Plain {}");
    ClassLoader loader =
        new ServingOtherBytes(classes.toUri().toURL(), annotationNested(200_000), null);
    Object plain = instantiate(loader, "Plain");

    MessageBus bus = MessageBus.create();

    assertTrue(bus.registerIfListener(plain).isEmpty());
    assertFalse(bus.hasHandlers(plain.getClass()));
  }

  @Test
  void aClassFileItsLoaderFailsToReadIsJudgedByItsDispatchers() throws Exception {
    Path classes = compile("unreadable", false, "Plain.java", "public class Plain {}");
    ClassLoader loader =
        new ServingOtherBytes(
            classes.toUri().toURL(),
            null,
            new UncheckedIOException(new IOException("the plugin's jar was deleted")));
    Object plain = instantiate(loader, "Plain");

    MessageBus bus = MessageBus.create();

    assertTrue(bus.registerIfListener(plain).isEmpty());
    assertFalse(bus.hasHandlers(plain.getClass()));
  }

  /**
   * A plugin loader that looks in its own URLs first for classes, as many hand-written ones do, but
   * leaves {@code getResource} to ClassLoader's parent-first default.
   */
  static final class ChildFirst extends URLClassLoader {
    ChildFirst(URL classes, ClassLoader parent) {
      super(new URL[] {classes}, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        Class<?> loaded = findLoadedClass(name);
        if (loaded != null) {
          return loaded;
        }
        try {
          return findClass(name);
        } catch (ClassNotFoundException notHere) {
          return super.loadClass(name, resolve);
        }
      }
    }
  }

  @Test
  void aChildFirstPluginIsJudgedByItsOwnClassNotByTheVersionItsParentHas() throws Exception {
    // the host still has the old version of the class, from before the port, with Guava's mark
    Path host =
        compile(
            "host",
            false,
            "com/google/common/eventbus/Subscribe.java",
            "package com.google.common.eventbus;\n"
                + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
                + "public @interface Subscribe {}\n",
            "p/Service.java",
            "package p;\n"
                + "public class Service {\n"
                + "  @com.google.common.eventbus.Subscribe public void on(Object o) {}\n"
                + "}\n");
    Path plugin =
        compile(
            "plugin",
            false,
            "p/Service.java",
            "package p;\npublic class Service { public void on(Object o) {} }\n");
    ClassLoader hostLoader =
        new URLClassLoader(new URL[] {host.toUri().toURL()}, getClass().getClassLoader());
    ClassLoader pluginLoader = new ChildFirst(plugin.toUri().toURL(), hostLoader);
    Object service = instantiate(pluginLoader, "p.Service");
    assertSame(pluginLoader, service.getClass().getClassLoader());

    MessageBus bus = MessageBus.create();

    // the plugin's class marks nothing: it is no listener, and no leftover of a port
    assertTrue(bus.registerIfListener(service).isEmpty());
  }

  @Test
  void marksAreFoundBehindAnnotationsWithNestedArraysAnnotationsEnumsAndWideConstants()
      throws Exception {
    Path classes =
        compile(
            "ported",
            false,
            "net/engio/mbassy/listener/Handler.java",
            "package net.engio.mbassy.listener;\n"
                + "@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)\n"
                + "public @interface Handler {\n"
                + "  Filter[] filters() default {};\n"
                + "  Invoke delivery() default Invoke.Synchronously;\n"
                + "  int priority() default 0;\n"
                + "  boolean rejectSubtypes() default false;\n"
                + "}\n",
            "net/engio/mbassy/listener/Filter.java",
            "package net.engio.mbassy.listener;\n"
                + "public @interface Filter { Class<?> value(); String[] tags() default {}; }\n",
            "net/engio/mbassy/listener/Invoke.java",
            "package net.engio.mbassy.listener;\n"
                + "public enum Invoke { Synchronously, Asynchronously }\n",
            "p/Meta.java",
            "package p;\n"
                + "public @interface Meta {\n"
                + "  Inner[] value();\n"
                + "  long wide() default 1L << 40;\n"
                + "  double wider() default 2.5;\n"
                + "  char letter() default 'x';\n"
                + "}\n",
            "p/Inner.java",
            "package p;\n"
                + "public @interface Inner { int[] numbers() default {}; Deep deep() default @Deep; }\n",
            "p/Deep.java",
            "package p;\npublic @interface Deep { String text() default \"\"; }\n",
            "p/Ported.java",
            "package p;\n"
                + "import net.engio.mbassy.listener.*;\n"
                + "public class Ported {\n"
                + "  static final long BIG = 1L << 50;\n"
                + "  static final double HALF = 0.5;\n"
                + "  long seen = BIG;\n"
                + "  @Meta(value = {@Inner(numbers = {1, 2, 3}, deep = @Deep(text = \"d\")),"
                + " @Inner}, wide = 7L, wider = 1e300, letter = 'q')\n"
                + "  @Deprecated\n"
                + "  @Handler(filters = {@Filter(value = String.class, tags = {\"a\", \"b\"}),"
                + " @Filter(Integer.class)}, delivery = Invoke.Asynchronously, priority = 3,"
                + " rejectSubtypes = true)\n"
                + "  public void onText(String text) { double d = HALF * seen; }\n"
                + "  @Handler public void onNumber(Integer number) {}\n"
                + "  public void notMarked(Object o) {}\n"
                + "}\n");
    Object ported =
        instantiate(
            new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader()),
            "p.Ported");

    IllegalArgumentException refused =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> MessageBus.create().registerIfListener(ported));

    String message = refused.getMessage();
    assertTrue(message.contains("p.Ported.onText and p.Ported.onNumber"), message);
    assertTrue(message.contains("MBassador's @net.engio.mbassy.listener.Handler"), message);
  }

  @Test
  void thePluginsWhoseClassesWereJudgedOrRefusedAreCollected() throws Exception {
    GarbageCollection.assumeExplicitGcWorks();
    Path classes =
        compile(
            "judged",
            false,
            "j/Plain.java",
            "package j;\npublic class Plain implements Runnable { public void run() {} }\n",
            "j/Forgotten.java",
            "package j;\n"
                + "public class Forgotten {\n"
                + "  @dev.herald.annotation.Subscribe void on(String text) {}\n"
                + "}\n");
    MessageBus bus = MessageBus.create();

    java.lang.ref.WeakReference<ClassLoader> plugin = judgeAndDrop(bus, classes);

    assertTrue(
        GarbageCollection.collectUntil(() -> plugin.get() == null),
        "the bus keeps the loader of classes it only looked at");
  }

  private java.lang.ref.WeakReference<ClassLoader> judgeAndDrop(MessageBus bus, Path classes)
      throws Exception {
    URLClassLoader plugin =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
    assertTrue(bus.registerIfListener(instantiate(plugin, "j.Plain")).isEmpty());
    assertFalse(bus.hasHandlers(plugin.loadClass("j.Plain")));
    Object forgotten = instantiate(plugin, "j.Forgotten");
    org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> bus.registerIfListener(forgotten));
    plugin.close();
    return new java.lang.ref.WeakReference<>(plugin);
  }

  @Test
  void manyThreadsRegisterTheClassesOfManyLoadersAtOnce() throws Exception {
    Path classes =
        compile(
            "plugins",
            true,
            "m/Listener.java",
            "package m;\n"
                + "public class Listener {\n"
                + "  @dev.herald.annotation.Subscribe void on(String text) {}\n"
                + "}\n",
            "m/Plain.java",
            "package m;\npublic class Plain { public void on(String text) {} }\n");
    Path unprocessed =
        compile(
            "unprocessed",
            false,
            "m/Forgotten.java",
            "package m;\n"
                + "public class Forgotten {\n"
                + "  @dev.herald.annotation.Subscribe void on(String text) {}\n"
                + "}\n");
    Files.copy(unprocessed.resolve("m/Forgotten.class"), classes.resolve("m/Forgotten.class"));
    MessageBus bus = MessageBus.create();
    int threads = 8;
    int loadersEach = 25;
    CountDownLatch start = new CountDownLatch(1);
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    List<Thread> registering = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int i = 0; i < loadersEach; i++) {
                    ClassLoader plugin =
                        new URLClassLoader(
                            new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
                    assertTrue(
                        bus.registerIfListener(instantiate(plugin, "m.Listener")).isPresent());
                    assertTrue(bus.registerIfListener(instantiate(plugin, "m.Plain")).isEmpty());
                    Object forgotten = instantiate(plugin, "m.Forgotten");
                    IllegalArgumentException refused =
                        org.junit.jupiter.api.Assertions.assertThrows(
                            IllegalArgumentException.class,
                            () -> bus.registerIfListener(forgotten));
                    assertTrue(
                        refused.getMessage().contains("m.Forgotten.on"), refused.getMessage());
                  }
                } catch (Throwable failed) {
                  failures.add(failed);
                }
              });
      thread.start();
      registering.add(thread);
    }
    start.countDown();
    for (Thread thread : registering) {
      thread.join();
    }

    assertEquals(List.of(), new ArrayList<>(failures));
    assertEquals(threads * loadersEach, bus.post("to every plugin"));
  }
}
