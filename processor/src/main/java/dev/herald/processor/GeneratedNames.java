package dev.herald.processor;

import dev.herald.processor.model.QualifiedName;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/** Every name the processor generates or refers to, in one place. */
public final class GeneratedNames {

  /** The value of {@code @Generated} on dispatchers. */
  public static final String DISPATCHER_GENERATOR = "dev.herald.processor.SubscribeProcessor";

  /** The value of {@code @Generated} on indexes. */
  public static final String INDEX_GENERATOR = "dev.herald.processor.IndexProcessor";

  public static final String SUBSCRIBE = "dev.herald.annotation.Subscribe";
  public static final String SPI_PACKAGE = "dev.herald.spi";
  public static final String RUNTIME_PACKAGE = "dev.herald";
  public static final String ENVELOPE = "Envelope";
  public static final String DISPATCHER = "Dispatcher";
  public static final String HANDLER_INFO = "HandlerInfo";
  public static final String DISPATCHER_INDEX = "DispatcherIndex";
  public static final String GENERATED_PACKAGE = "javax.annotation.processing";
  public static final String GENERATED = "Generated";
  public static final String GENERATED_DISPATCHER = "GeneratedDispatcher";

  /** The marker on generated dispatchers that the index processor reads. */
  public static final String GENERATED_DISPATCHER_ANNOTATION =
      SPI_PACKAGE + "." + GENERATED_DISPATCHER;

  /** {@code javax.annotation.processing.Generated}, on every file Herald writes. */
  public static final String GENERATED_ANNOTATION = GENERATED_PACKAGE + "." + GENERATED;

  /** The {@link java.util.ServiceLoader} registration of the indexes. */
  public static final String SERVICE_FILE =
      "META-INF/services/" + SPI_PACKAGE + "." + DISPATCHER_INDEX;

  /** {@code -Aherald.index=com.acme.MyIndex} names the index class. */
  public static final String INDEX_OPTION = "herald.index";

  private static final String DISPATCHER_SUFFIX = "_Dispatcher";
  private static final String INDEX_PREFIX = "HeraldIndex_";

  /** {@code demo.Outer_Inner_Dispatcher} for {@code demo.Outer.Inner}. */
  public static QualifiedName dispatcherOf(TypeElement listener, Elements elements) {
    Deque<String> names = new ArrayDeque<>();
    for (Element e = listener; e instanceof TypeElement; e = e.getEnclosingElement()) {
      names.addFirst(e.getSimpleName().toString());
    }
    return new QualifiedName(
        elements.getPackageOf(listener).getQualifiedName().toString(),
        String.join("_", names) + DISPATCHER_SUFFIX);
  }

  /** The binary name of a class, as {@link Class#getName()} gives it. */
  public static String binaryName(TypeElement type, Elements elements) {
    return elements.getBinaryName(type).toString();
  }

  /**
   * The default index name: in the package of the first dispatcher by name (a package the
   * compilation owns, which matters in a named module), named {@code HeraldIndex_} and 8 hex
   * digits of a hash of the sorted dispatcher names, so that it is stable from build to build
   * and distinct between modules.
   */
  public static QualifiedName defaultIndex(Collection<QualifiedName> dispatchers) {
    List<QualifiedName> sorted =
        dispatchers.stream()
            .sorted(Comparator.comparing(QualifiedName::canonicalName))
            .collect(Collectors.toList());
    String names = sorted.stream().map(QualifiedName::canonicalName).collect(Collectors.joining("\n"));
    String packageName = sorted.isEmpty() ? "" : sorted.get(0).packageName();
    return new QualifiedName(packageName, INDEX_PREFIX + hash(names));
  }

  /**
   * The index named by {@code -Aherald.index}; a compilation that needs a second index (for
   * listeners that appeared after the first was written) gets {@code MyIndex2} and so on.
   *
   * @return {@code null} if the option is not a qualified class name
   */
  public static QualifiedName indexFromOption(String option, int ordinal) {
    String name = option.trim();
    if (!SourceVersion.isName(name)) {
      return null;
    }
    int dot = name.lastIndexOf('.');
    String simpleName = name.substring(dot + 1) + (ordinal == 0 ? "" : String.valueOf(ordinal + 1));
    return new QualifiedName(dot < 0 ? "" : name.substring(0, dot), simpleName);
  }

  private static String hash(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder();
      for (int i = 0; i < 4; i++) {
        hex.append(String.format("%02x", digest[i] & 0xff));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Every JDK has SHA-256", e);
    }
  }

  private GeneratedNames() {}
}
