package dev.herald.wire.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.processor.CodecIndexProcessor;
import dev.herald.processor.WireProcessor;
import dev.herald.wire.CodecRegistry;
import dev.herald.wire.WireFormatException;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evolution rule across two compilations of the same types, as two programs built at different
 * times would have them: fields appended (one of them widened from {@code int} to {@code long}, one
 * turned from {@code String} into {@code Optional<String>}), an enum constant and a sealed subtype
 * added. Each version is compiled by the real processor into its own class loader; one encodes, the
 * other decodes.
 */
class EvolutionTest {

  private static final Map<String, String> VERSION_1 =
      Map.of(
          "evolve/Player.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 40)
          public record Player(String name, int score, String title) {}
          """,
          "evolve/Rank.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 41)
          public enum Rank { BRONZE, SILVER }
          """,
          "evolve/Team.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 42)
          public record Team(Player captain, int size, Rank rank, Event last) {}
          """,
          "evolve/Event.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 43)
          public sealed interface Event permits Joined {}
          """,
          "evolve/Joined.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 44)
          public record Joined(String who) implements Event {}
          """,
          "evolve/Samples.java",
              """
          package evolve;
          public final class Samples {
            public static Object team() {
              return new Team(new Player("ann", 3, "champ"), 5, Rank.SILVER, new Joined("bo"));
            }
          }
          """);

  private static final Map<String, String> VERSION_2 =
      Map.of(
          "evolve/Player.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          import java.util.List;
          import java.util.Optional;
          @Wire(id = 40)
          public record Player(String name, long score, Optional<String> title, List<String> badges,
              Rank best, double rating) {}
          """,
          "evolve/Rank.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 41)
          public enum Rank { BRONZE, SILVER, GOLD }
          """,
          "evolve/Team.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 42)
          public record Team(Player captain, int size, Rank rank, Event last) {}
          """,
          "evolve/Event.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 43)
          public sealed interface Event permits Joined, Left {}
          """,
          "evolve/Joined.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 44)
          public record Joined(String who) implements Event {}
          """,
          "evolve/Left.java",
              """
          package evolve;
          import dev.herald.annotation.Wire;
          @Wire(id = 45)
          public record Left(String who) implements Event {}
          """,
          "evolve/Samples.java",
              """
          package evolve;
          import java.util.List;
          import java.util.Optional;
          public final class Samples {
            public static Object team() {
              return new Team(new Player("bo", 5_000L, Optional.of("lead"), List.of("first"),
                  Rank.SILVER, 4.5), 6, Rank.BRONZE, new Joined("cy"));
            }
            public static Object teamWithNewValues() {
              return new Team(new Player("di", 1, Optional.empty(), List.of(), Rank.GOLD, 0), 2,
                  Rank.GOLD, new Left("ed"));
            }
            public static Object narrowScore() {
              return new Player("fy", 7, Optional.empty(), List.of(), null, 0);
            }
            public static Object leftEvent() {
              return new Team(null, 0, null, new Left("ed"));
            }
            public static Object wideScore() {
              return new Player("gu", 5_000_000_000L, Optional.empty(), List.of(), null, 0);
            }
          }
          """);

  private static URLClassLoader version1;
  private static URLClassLoader version2;
  private static CodecRegistry codecs1;
  private static CodecRegistry codecs2;

  @BeforeAll
  static void compileBothVersions(@TempDir Path dir) throws IOException {
    version1 = compile(dir.resolve("v1"), VERSION_1);
    version2 = compile(dir.resolve("v2"), VERSION_2);
    codecs1 = CodecRegistry.load(version1);
    codecs2 = CodecRegistry.load(version2);
  }

  @AfterAll
  static void close() throws IOException {
    version1.close();
    version2.close();
  }

  @Test
  void aNewerReaderGivesTheFieldsOlderDataLacksTheirDefaults() throws Exception {
    Object decoded = codecs2.fromBytes(codecs1.toBytes(sample(version1, "team")));

    assertEquals(
        "Team[captain=Player[name=ann, score=3, title=Optional[champ], badges=[], best=null,"
            + " rating=0.0], size=5, rank=SILVER, last=Joined[who=bo]]",
        decoded.toString());
  }

  @Test
  void anOlderReaderSkipsTheFieldsItDoesNotKnowEvenInANestedRecord() throws Exception {
    Object decoded = codecs1.fromBytes(codecs2.toBytes(sample(version2, "team")));

    // the fields after the captain are read where the newer captain ends, not where the old one
    // would
    assertEquals(
        "Team[captain=Player[name=bo, score=5000, title=lead], size=6, rank=BRONZE,"
            + " last=Joined[who=cy]]",
        decoded.toString());
  }

  @Test
  void aWidenedFieldReadsTheSameValue() throws Exception {
    Object decoded = codecs1.fromBytes(codecs2.toBytes(sample(version2, "narrowScore")));

    assertEquals("Player[name=fy, score=7, title=null]", decoded.toString());
  }

  @Test
  void aWidenedValueTooLargeForTheOlderFieldIsRefusedNotTruncated() throws Exception {
    byte[] frame = codecs2.toBytes(sample(version2, "wideScore"));

    WireFormatException e = assertThrows(WireFormatException.class, () -> codecs1.fromBytes(frame));
    assertTrue(e.getMessage().startsWith("an integer longer than 32 bits"), e.getMessage());
  }

  @Test
  void anOlderReaderRefusesAnEnumConstantOrSubtypeItDoesNotKnow() throws Exception {
    byte[] frame = codecs2.toBytes(sample(version2, "teamWithNewValues"));

    WireFormatException e = assertThrows(WireFormatException.class, () -> codecs1.fromBytes(frame));
    assertTrue(
        e.getMessage().contains("enum ordinal 2 is out of range: evolve.Rank has 2 constants"),
        e.getMessage());

    byte[] left = codecs2.toBytes(sample(version2, "leftEvent"));
    WireFormatException unknown =
        assertThrows(WireFormatException.class, () -> codecs1.fromBytes(left));
    assertTrue(
        unknown.getMessage().startsWith("unknown subtype id 45 of evolve.Event"),
        unknown.getMessage());
  }

  private static Object sample(ClassLoader loader, String method) throws Exception {
    return loader.loadClass("evolve.Samples").getMethod(method).invoke(null);
  }

  /**
   * Compiles {@code sources} with the codec processors into {@code dir}, a class loader of its own.
   */
  private static URLClassLoader compile(Path dir, Map<String, String> sources) throws IOException {
    Files.createDirectories(dir);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<JavaFileObject> units = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      units.add(
          new SimpleJavaFileObject(Path.of(source.getKey()).toUri(), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
              return source.getValue();
            }
          });
    }
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              errors,
              files,
              null,
              List.of(
                  "-d",
                  dir.toString(),
                  "-implicit:none",
                  "-classpath",
                  System.getProperty("java.class.path")),
              null,
              units);
      task.setProcessors(List.of(new WireProcessor(), new CodecIndexProcessor()));
      assertTrue(task.call(), errors.toString());
    }
    return new URLClassLoader(
        new URL[] {dir.toUri().toURL()}, EvolutionTest.class.getClassLoader());
  }
}
