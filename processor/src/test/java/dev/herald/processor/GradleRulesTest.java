package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gradle's rules for incremental annotation processing, emulated (Gradle itself cannot be installed
 * here). An isolating processor names exactly one originating element for every file it writes, and
 * Gradle deletes that file when the element's top-level type changes. An aggregating processor
 * sees, on every incremental build, the changed sources plus every class that carries an annotation
 * it supports, handed to javac as class names to process.
 */
class GradleRulesTest {
  private static final String[] LISTENERS = {
    "good/plain/Radar.java",
    "good/plain/UnderAttack.java",
    "good/outer/Outer.java",
    "good/outer/Box.java",
    "good/zoo/Animal.java",
    "good/zoo/Mammal.java",
    "good/zoo/Dog.java",
    "good/zoo/Food.java",
    "good/zoo/Ball.java",
    "good/zoo/Noise.java",
  };

  private static final String[] WIRE_TYPES = {
    "wire/good/shapes/Position.java", "wire/good/shapes/Fleet.java",
  };

  private static final String LISTENERS_MAP =
      GeneratedNames.MAP_FOLDER + GeneratedNames.LISTENERS_MAP;

  /** What the aggregating processors write: Gradle deletes it all before every build. */
  private static final List<String> AGGREGATED =
      List.of(
          GeneratedNames.DISPATCHER_SERVICE_FILE,
          GeneratedNames.LISTENER_MAP_INDEX,
          LISTENERS_MAP,
          GeneratedNames.CODEC_SERVICE_FILE,
          GeneratedNames.WIRE_MAP_INDEX);

  /**
   * The classes Gradle hands the aggregating processors on an incremental build, besides the
   * changed sources: every class that carries an annotation they support.
   */
  private static final List<String> MARKED =
      List.of(
          "demo.Radar_Dispatcher",
          "outer.Outer_Nested_Dispatcher",
          "outer.Outer_Inner_Dispatcher",
          "outer.Box_Lid_Dispatcher",
          "zoo.Animal_Dispatcher",
          "zoo.Dog_Dispatcher",
          "shapes.Position_Codec",
          "shapes.Fleet_Ship_Codec");

  @TempDir Path dir;

  @Test
  void everyFileOfAnIsolatingProcessorNamesExactlyOneOriginatingElementTheTypeItWasDerivedFrom()
      throws IOException {
    List<Written> written = compile(allSources(), List.of());

    List<Written> listenerFiles = writtenBy("SubscribeProcessor", written);
    assertThat(names(listenerFiles))
        .containsExactly(
            "demo.Radar_Dispatcher",
            "outer.Outer_Nested_Dispatcher",
            "outer.Outer_Inner_Dispatcher",
            "outer.Box_Lid_Dispatcher",
            "zoo.Animal_Dispatcher",
            "zoo.Dog_Dispatcher");
    for (Written file : listenerFiles) {
      assertThat(file.originating).hasSize(1);
      TypeElement listener = (TypeElement) file.originating.get(0);
      // Gradle maps the element to its top-level type, whose change deletes the file
      assertThat(topLevelOf(listener))
          .isIn(List.of("demo.Radar", "outer.Outer", "outer.Box", "zoo.Animal", "zoo.Dog"));
      // and nothing else: the listener's map entry is in the dispatcher's marker
      assertThat(file.name).isEqualTo(generatedNameOf(listener, "_Dispatcher"));
    }

    List<Written> wireFiles = writtenBy("WireProcessor", written);
    assertThat(names(wireFiles))
        .containsExactly(
            "shapes.Position_Codec",
            "META-INF/herald/map/shapes.Position.wire",
            "shapes.Fleet_Ship_Codec",
            "META-INF/herald/map/shapes.Fleet$Ship.wire");
    for (Written file : wireFiles) {
      assertThat(file.originating).hasSize(1);
      TypeElement wireType = (TypeElement) file.originating.get(0);
      assertThat(topLevelOf(wireType)).isAnyOf("shapes.Position", "shapes.Fleet");
      assertThat(file.name)
          .isAnyOf(
              generatedNameOf(wireType, "_Codec"),
              GeneratedNames.MAP_FOLDER + binaryNameOf(wireType) + ".wire");
    }
  }

  @Test
  void theAggregatingProcessorsWriteTheServiceFilesAndMapIndexesFromTheGeneratedClassesAlone()
      throws IOException {
    List<Written> written = compile(allSources(), List.of());

    // Gradle hands them every class with an annotation they support: the generated classes with
    // their markers, never the listeners or wire types (which would regenerate them all)
    assertThat(new IndexProcessor().getSupportedAnnotationTypes())
        .containsExactly(
            GeneratedNames.GENERATED_DISPATCHER_ANNOTATION, GeneratedNames.GENERATED_ANNOTATION);
    assertThat(new CodecIndexProcessor().getSupportedAnnotationTypes())
        .containsExactly(GeneratedNames.GENERATED_CODEC_ANNOTATION);

    List<Written> index = writtenBy("IndexProcessor", written);
    assertThat(names(index))
        .containsExactly(
            GeneratedNames.DISPATCHER_SERVICE_FILE,
            LISTENERS_MAP,
            GeneratedNames.LISTENER_MAP_INDEX);
    for (Written file : index) {
      assertThat(qualifiedNames(file.originating)).containsExactlyElementsIn(MARKED.subList(0, 6));
    }
    List<Written> codecIndex = writtenBy("CodecIndexProcessor", written);
    assertThat(names(codecIndex))
        .containsExactly(GeneratedNames.CODEC_SERVICE_FILE, GeneratedNames.WIRE_MAP_INDEX);
    for (Written file : codecIndex) {
      assertThat(qualifiedNames(file.originating))
          .containsExactly("shapes.Position_Codec", "shapes.Fleet_Ship_Codec");
    }
  }

  @Test
  void aChangeToOneListenerRegeneratesOnlyItsOwnFilesAndTheAggregatedOnes() throws IOException {
    compile(allSources(), List.of());
    List<String> before = aggregatedFiles();

    // Gradle deletes what the changed type produced, and the aggregating processors' outputs
    delete(
        "classes/demo/Radar.class",
        "classes/demo/Radar_Dispatcher.class",
        "generated/demo/Radar_Dispatcher.java");
    deleteAggregated();
    List<Written> written =
        compile(List.of(Compilations.sources("good/plain/Radar.java")), without("demo.Radar"));

    assertThat(names(written))
        .containsExactly(
            "demo.Radar_Dispatcher",
            GeneratedNames.DISPATCHER_SERVICE_FILE,
            GeneratedNames.LISTENER_MAP_INDEX,
            LISTENERS_MAP,
            GeneratedNames.CODEC_SERVICE_FILE,
            GeneratedNames.WIRE_MAP_INDEX);
    assertThat(aggregatedFiles()).isEqualTo(before);
  }

  @Test
  void aChangeToOneWireTypeRegeneratesOnlyItsOwnFilesAndTheAggregatedOnes() throws IOException {
    compile(allSources(), List.of());
    List<String> before = aggregatedFiles();

    delete(
        "classes/shapes/Fleet.class",
        "classes/shapes/Fleet$Ship.class",
        "classes/shapes/Fleet_Ship_Codec.class",
        "generated/shapes/Fleet_Ship_Codec.java",
        "classes/META-INF/herald/map/shapes.Fleet$Ship.wire");
    deleteAggregated();
    List<Written> written =
        compile(
            List.of(WireCompilations.sources("wire/good/shapes/Fleet.java")),
            without("shapes.Fleet_Ship"));

    assertThat(names(written))
        .containsExactly(
            "shapes.Fleet_Ship_Codec",
            "META-INF/herald/map/shapes.Fleet$Ship.wire",
            GeneratedNames.DISPATCHER_SERVICE_FILE,
            GeneratedNames.LISTENER_MAP_INDEX,
            LISTENERS_MAP,
            GeneratedNames.CODEC_SERVICE_FILE,
            GeneratedNames.WIRE_MAP_INDEX);
    assertThat(aggregatedFiles()).isEqualTo(before);
  }

  private static List<JavaFileObject> allSources() {
    List<JavaFileObject> sources = new ArrayList<>(List.of(Compilations.sources(LISTENERS)));
    sources.addAll(List.of(WireCompilations.sources(WIRE_TYPES)));
    return sources;
  }

  /** The marked classes but those generated from {@code changed}, which Gradle deleted. */
  private static List<String> without(String changed) {
    List<String> marked = new ArrayList<>();
    for (String name : MARKED) {
      if (!name.startsWith(changed + "_")) {
        marked.add(name);
      }
    }
    return marked;
  }

  private List<String> aggregatedFiles() throws IOException {
    List<String> contents = new ArrayList<>();
    for (String file : AGGREGATED) {
      contents.add(Files.readString(dir.resolve("classes").resolve(file)));
    }
    return contents;
  }

  private void deleteAggregated() throws IOException {
    for (String file : AGGREGATED) {
      Files.delete(dir.resolve("classes").resolve(file));
    }
  }

  private void delete(String... files) throws IOException {
    for (String file : files) {
      Files.delete(dir.resolve(file));
    }
  }

  private static List<Written> writtenBy(String processor, List<Written> written) {
    return written.stream().filter(w -> w.processor.equals(processor)).collect(Collectors.toList());
  }

  private static List<String> names(List<Written> written) {
    return written.stream().map(w -> w.name).collect(Collectors.toList());
  }

  private static List<String> qualifiedNames(List<Element> elements) {
    return elements.stream()
        .map(e -> ((TypeElement) e).getQualifiedName().toString())
        .collect(Collectors.toList());
  }

  private static String topLevelOf(TypeElement type) {
    Element e = type;
    while (e.getEnclosingElement() instanceof TypeElement) {
      e = e.getEnclosingElement();
    }
    return ((TypeElement) e).getQualifiedName().toString();
  }

  /** {@code outer.Outer$Inner} for {@code outer.Outer.Inner}. */
  private static String binaryNameOf(TypeElement type) {
    String top = topLevelOf(type);
    return top + type.getQualifiedName().toString().substring(top.length()).replace('.', '$');
  }

  /** {@code outer.Outer_Inner<suffix>} for {@code outer.Outer.Inner}. */
  private static String generatedNameOf(TypeElement type, String suffix) {
    String top = topLevelOf(type);
    String packageName = top.substring(0, top.lastIndexOf('.'));
    String nested = type.getQualifiedName().toString().substring(packageName.length() + 1);
    return packageName + "." + nested.replace('.', '_') + suffix;
  }

  /** What a processor wrote through the Filer, and the originating elements it named. */
  private static final class Written {
    final String processor;
    final String name;
    final List<Element> originating;

    Written(String processor, String name, Element[] originating) {
      this.processor = processor;
      this.name = name;
      this.originating = List.of(originating);
    }
  }

  private List<Written> compile(List<JavaFileObject> sources, List<String> classNames)
      throws IOException {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    List<Written> written = new ArrayList<>();
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringBuilder errors = new StringBuilder();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null,
              files,
              d -> {
                if (d.getKind() == javax.tools.Diagnostic.Kind.ERROR) {
                  errors.append(d.getMessage(Locale.ROOT)).append('\n');
                }
              },
              List.of(
                  "-d",
                  classes.toString(),
                  "-s",
                  generated.toString(),
                  "-sourcepath",
                  "",
                  "-classpath",
                  classes + File.pathSeparator + System.getProperty("java.class.path")),
              classNames.isEmpty() ? null : classNames,
              sources);
      task.setProcessors(
          List.of(
              new WrappedProcessor(
                  new IndexProcessor(), filer -> recording(filer, "IndexProcessor", written)),
              new WrappedProcessor(
                  new CodecIndexProcessor(),
                  filer -> recording(filer, "CodecIndexProcessor", written)),
              new ListenerChecksProcessor(),
              new WrappedProcessor(
                  new SubscribeProcessor(),
                  filer -> recording(filer, "SubscribeProcessor", written)),
              new WrappedProcessor(
                  new WireProcessor(), filer -> recording(filer, "WireProcessor", written))));
      boolean ok = task.call();
      assertThat(errors.toString()).isEmpty();
      assertThat(ok).isTrue();
    }
    return written;
  }

  /**
   * A Filer that records what a processor writes, with the originating elements, as Gradle's does.
   */
  private static Filer recording(Filer filer, String processor, List<Written> written) {
    return new Filer() {
      @Override
      public JavaFileObject createSourceFile(CharSequence type, Element... originating)
          throws IOException {
        written.add(new Written(processor, type.toString(), originating));
        return filer.createSourceFile(type, originating);
      }

      @Override
      public JavaFileObject createClassFile(CharSequence type, Element... originating)
          throws IOException {
        written.add(new Written(processor, type.toString(), originating));
        return filer.createClassFile(type, originating);
      }

      @Override
      public FileObject createResource(
          JavaFileManager.Location location,
          CharSequence pkg,
          CharSequence relativeName,
          Element... originating)
          throws IOException {
        written.add(new Written(processor, relativeName.toString(), originating));
        return filer.createResource(location, pkg, relativeName, originating);
      }

      @Override
      public FileObject getResource(
          JavaFileManager.Location location, CharSequence pkg, CharSequence relativeName)
          throws IOException {
        return filer.getResource(location, pkg, relativeName);
      }
    };
  }
}
