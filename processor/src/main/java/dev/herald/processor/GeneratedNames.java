package dev.herald.processor;

import dev.herald.processor.model.QualifiedName;
import java.util.ArrayDeque;
import java.util.Deque;
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
  public static final String HANDLER_CALL = "HandlerCall";
  /** The dispatcher's nested class of handlers bound to a listener. */
  public static final String BOUND_CALL = "Call";
  public static final String DISPATCHER_INDEX = "DispatcherIndex";
  public static final String GENERATED_PACKAGE = "javax.annotation.processing";
  public static final String GENERATED = "Generated";
  public static final String GENERATED_DISPATCHER = "GeneratedDispatcher";

  /** The marker on generated dispatchers that the index processor reads. */
  public static final String GENERATED_DISPATCHER_ANNOTATION =
      SPI_PACKAGE + "." + GENERATED_DISPATCHER;

  /** {@code javax.annotation.processing.Generated}, on every file Herald writes. */
  public static final String GENERATED_ANNOTATION = GENERATED_PACKAGE + "." + GENERATED;

  /** The {@link java.util.ServiceLoader} registration of every dispatcher. */
  public static final String DISPATCHER_SERVICE_FILE =
      "META-INF/services/" + SPI_PACKAGE + "." + DISPATCHER;

  /** {@code -Aherald.index=com.acme.MyIndex} names the index class. */
  public static final String INDEX_OPTION = "herald.index";

  private static final String DISPATCHER_SUFFIX = "_Dispatcher";

  /** The name of a top-level class. */
  public static QualifiedName nameOf(TypeElement topLevel, Elements elements) {
    return new QualifiedName(
        elements.getPackageOf(topLevel).getQualifiedName().toString(),
        topLevel.getSimpleName().toString());
  }

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

  private GeneratedNames() {}
}
