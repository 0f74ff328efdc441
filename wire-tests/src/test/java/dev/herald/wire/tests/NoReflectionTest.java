package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.net.Connection;
import dev.herald.spi.Dispatcher;
import dev.herald.wire.CodecRegistry;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Herald's promise: no reflection in any library artifact nor in generated code (docs/DESIGN.md
 * rule 20). The one check of it, for every module: it parses the class files' constant pools,
 * so it catches what a source grep misses (lambdas and indy string concatenation compile to
 * invokedynamic, which is java.lang.invoke), and it finds the class files where the classes
 * were loaded from, whatever the working directory.
 */
class NoReflectionTest {
  private static final List<String> FORBIDDEN_CLASS_MEMBERS =
      List.of("forName", "newInstance", "getDeclaredMethod", "getDeclaredMethods",
          "getDeclaredField", "getDeclaredFields", "getDeclaredConstructor",
          "getDeclaredConstructors", "getMethod", "getMethods", "getField", "getFields",
          "getConstructor", "getConstructors");

  @Test
  void theRuntimeUsesNoReflection() throws Exception {
    assertEquals(Map.of(), scan(classFilesOf(MessageBus.class)));
  }

  @Test
  void theSpiUsesNoReflection() throws Exception {
    assertEquals(Map.of(), scan(classFilesOf(Dispatcher.class)));
  }

  @Test
  void heraldWireUsesNoReflection() throws Exception {
    Map<String, byte[]> classes = classFilesOf(CodecRegistry.class);
    assertTrue(classes.size() >= 8, classes.keySet().toString());
    assertEquals(Map.of(), scan(classes));
  }

  @Test
  void theNatsBridgeUsesNoReflection() throws Exception {
    Map<String, byte[]> classes = classFilesOf(dev.herald.nats.NatsBridge.class);
    assertTrue(classes.size() > 15, classes.keySet().toString());
    assertEquals(Map.of(), scan(classes));
  }

  @Test
  void theNetworkUsesNoReflection() throws Exception {
    Map<String, byte[]> classes = classFilesOf(Connection.class);
    assertTrue(classes.size() > 10, classes.keySet().toString());
    assertEquals(Map.of(), scan(classes));
  }

  @Test
  void generatedCodecsAndDispatchersUseNoReflection() throws Exception {
    Map<String, byte[]> generated = new TreeMap<>();
    classFilesOf(NoReflectionTest.class).forEach((name, bytes) -> {
      if (name.endsWith("_Codec.class") || name.endsWith("_Dispatcher.class") || name.contains("HeraldIndex")) {
        generated.put(name, bytes);
      }
    });
    assertEquals(12, generated.keySet().stream().filter(name -> name.endsWith("_Codec.class")).count(),
        generated.keySet().toString());
    assertTrue(generated.containsKey("dev/herald/wire/tests/Listener_Dispatcher.class"), generated.keySet().toString());
    assertEquals(Map.of(), scan(generated));
  }

  @Test
  void theScanCatchesLambdasAndReflection() throws Exception {
    Map<String, byte[]> mine = new TreeMap<>();
    classFilesOf(NoReflectionTest.class).forEach((name, bytes) -> {
      if (name.equals("dev/herald/wire/tests/NoReflectionTest.class")
          || name.equals("dev/herald/wire/tests/NoReflectionTest$UsesReflection.class")) {
        mine.put(name, bytes);
      }
    });

    Map<String, List<String>> violations = scan(mine);

    assertEquals(2, violations.size(), violations.toString());
    assertTrue(violations.get("dev/herald/wire/tests/NoReflectionTest.class").contains("invokedynamic"));
    assertTrue(
        violations.get("dev/herald/wire/tests/NoReflectionTest$UsesReflection.class").toString()
            .contains("java/lang/Class.forName"),
        violations.toString());
  }

  static final class UsesReflection {
    Object load() throws Exception {
      return Class.forName("java.lang.String").getDeclaredConstructor().newInstance();
    }
  }

  /** Class file name to what it uses that the promise forbids; empty when clean. */
  private static Map<String, List<String>> scan(Map<String, byte[]> classFiles) throws IOException {
    Map<String, List<String>> violations = new TreeMap<>();
    for (Map.Entry<String, byte[]> file : classFiles.entrySet()) {
      List<String> found = forbiddenUses(file.getValue());
      if (!found.isEmpty()) {
        violations.put(file.getKey(), found);
      }
    }
    return violations;
  }

  private static List<String> forbiddenUses(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] classNameIndex = new int[count];
    int[][] memberRefs = new int[count][];
    int[] nameAndTypeName = new int[count];
    List<String> found = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNameIndex[i] = in.readUnsignedShort();
        case 8, 16, 19, 20 -> in.readUnsignedShort();
        case 3, 4 -> in.readInt();
        case 5, 6 -> { in.readLong(); i++; }
        case 9, 10, 11 -> memberRefs[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
        case 12 -> { nameAndTypeName[i] = in.readUnsignedShort(); in.readUnsignedShort(); }
        case 15 -> { in.readUnsignedByte(); in.readUnsignedShort(); found.add("method handle constant"); }
        case 17, 18 -> { in.readUnsignedShort(); in.readUnsignedShort(); found.add("invokedynamic"); }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    for (String text : utf8) {
      if (text != null && (text.contains("java/lang/reflect/") || text.contains("java/lang/invoke/"))) {
        found.add(text);
      }
    }
    for (int[] ref : memberRefs) {
      if (ref == null) {
        continue;
      }
      String owner = utf8[classNameIndex[ref[0]]];
      String name = utf8[nameAndTypeName[ref[1]]];
      if ("java/lang/Class".equals(owner) && FORBIDDEN_CLASS_MEMBERS.contains(name)) {
        found.add(owner + "." + name);
      }
    }
    return found;
  }

  /** Every class file in the directory or jar that {@code type} was loaded from. */
  private static Map<String, byte[]> classFilesOf(Class<?> type) throws IOException, URISyntaxException {
    Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    Map<String, byte[]> files = new TreeMap<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> paths = Files.walk(location)) {
        for (Path path : (Iterable<Path>) paths::iterator) {
          if (path.toString().endsWith(".class")) {
            files.put(location.relativize(path).toString().replace('\\', '/'), Files.readAllBytes(path));
          }
        }
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile())) {
        for (JarEntry entry : Collections.list(jar.entries())) {
          if (entry.getName().endsWith(".class")) {
            try (InputStream in = jar.getInputStream(entry)) {
              files.put(entry.getName(), in.readAllBytes());
            }
          }
        }
      }
    }
    assertFalse(files.isEmpty(), "no class files at " + location);
    return files;
  }
}
