package dev.herald;

import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.DispatcherIndex;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Finds the handlers of a listener class without reflection: the dispatchers come from {@link
 * ServiceLoader}, which reads what the processor registered in {@code
 * META-INF/services/dev.herald.internal.generated.Dispatcher} (once per class loader, when a class
 * from it is first seen), or from {@link DispatcherIndex} implementations given to the bus's
 * builder or registered as services; the composed result is cached per class in a {@link
 * ClassValue}.
 */
final class DispatcherLookup {
  /** The lookup shared by buses built without explicit indexes. */
  private static final DispatcherLookup DISCOVERED = new DispatcherLookup(List.of());

  /** {@code Dispatcher<?>.class}, which Java cannot write. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Class<Dispatcher<?>> DISPATCHER = (Class) Dispatcher.class;

  /**
   * The dispatcher of each listener class, kept with the class itself rather than in a map of
   * classes: this lookup may be shared by every bus of the JVM, and must not keep a plugin's
   * classes, nor so its class loader, once the plugin is dropped.
   */
  private final ClassValue<AtomicReference<Dispatcher<?>>> dispatchers =
      new ClassValue<AtomicReference<Dispatcher<?>>>() {
        @Override
        protected AtomicReference<Dispatcher<?>> computeValue(Class<?> type) {
          return new AtomicReference<>();
        }
      };

  /** How to put the processor into a build, for every message that blames its absence. */
  private static final String FIXES =
      " Add dev.herald:herald-processor to maven-compiler-plugin's <annotationProcessorPaths>,"
          + " with the plugin's version pinned to 3.5 or newer (Maven 3.8's default, 3.1,"
          + " ignores that setting), or in Gradle: annotationProcessor"
          + " \"dev.herald:herald-processor\". Then build clean (mvn clean verify): an"
          + " incremental build keeps classes compiled without the processor.";

  /**
   * Why a processor never saw a marked method whose name no Java source can declare: kapt, which
   * runs annotation processors on Kotlin code, leaves such functions out of the Java it shows them.
   */
  private static final String KAPT_HIDDEN =
      "A method whose name is not a Java name (a Kotlin function taking or returning a value"
          + " class, or named in backticks) is left out by kapt of what annotation processors"
          + " see, so no dispatcher could be written for it and these handlers would never run."
          + " Take a regular or data class as the message and give the function a Java name: see"
          + " docs/processor.md, \"What kapt hides from the processor\".";

  private final boolean explicit;
  private final Set<ClassLoader> scannedLoaders =
      Collections.newSetFromMap(new WeakHashMap<ClassLoader, Boolean>());

  /** The scanned loaders from which ServiceLoader found at least one dispatcher or index. */
  private final Set<ClassLoader> loadersWithDispatchers =
      Collections.newSetFromMap(new WeakHashMap<ClassLoader, Boolean>());

  private final ClassValue<ListenerType> types =
      new ClassValue<ListenerType>() {
        @Override
        protected ListenerType computeValue(Class<?> type) {
          return compute(type);
        }
      };

  /** The methods marked for a bus in the class and its supertypes that have no dispatcher. */
  private final ClassValue<List<SubscribeMarks.Mark>> unreadMarks =
      new ClassValue<List<SubscribeMarks.Mark>>() {
        @Override
        protected List<SubscribeMarks.Mark> computeValue(Class<?> type) {
          return computeUnreadMarks(type);
        }
      };

  private final ClassValue<Refusals> refusals =
      new ClassValue<Refusals>() {
        @Override
        protected Refusals computeValue(Class<?> type) {
          return computeRefusals(type);
        }
      };

  private DispatcherLookup(List<DispatcherIndex> explicit) {
    for (DispatcherIndex index : explicit) {
      add(index);
    }
    this.explicit = !explicit.isEmpty();
  }

  /** A lookup that knows {@code indexes} first, then whatever ServiceLoader finds. */
  static DispatcherLookup with(List<DispatcherIndex> indexes) {
    return indexes.isEmpty() ? DISCOVERED : new DispatcherLookup(indexes);
  }

  /**
   * Why {@code type}, which has no dispatcher, cannot be registered, and how to fix it: if no
   * dispatcher at all is known where it was loaded from, the program was compiled without Herald's
   * processor; if some are, the class was (or it has no handlers).
   */
  String whyNoDispatcher(Class<?> type) {
    if (!knowsAnyDispatcherFor(type)) {
      return "Cannot register "
          + type.getName()
          + ": Herald found no generated dispatcher at"
          + " all where this class was loaded from (no META-INF/services/"
          + Dispatcher.class.getName()
          + "), so the code was compiled without Herald's"
          + " annotation processor."
          + FIXES;
    }
    return "Cannot register "
        + type.getName()
        + ": Herald found generated dispatchers, but"
        + " none for this class or its superclasses. Either it has no @Subscribe methods (for a"
        + " lambda or method reference, use subscribe(MessageType.class, handler) instead; for"
        + " code that registers objects it does not know, as Guava's register does, use"
        + " registerIfListener, which returns empty for such an object), or it was compiled"
        + " without Herald's annotation processor."
        + FIXES;
  }

  /**
   * Why objects of {@code type} must not be registered, or skipped as having no handlers, although
   * its code marks methods as handlers: a class of its hierarchy carries Herald's {@code Subscribe}
   * but has no dispatcher (the processor never saw it), or, if {@code foreignRefused}, no class has
   * a dispatcher and one carries another bus's subscribing annotation (left over from a port).
   * Empty when nothing is wrong; the class files are read once per class.
   */
  Optional<String> misbuilt(Class<?> type, boolean foreignRefused) {
    Refusals refusal = refusals.get(type);
    if (refusal.unprocessed != null) {
      return Optional.of(refusal.unprocessed);
    }
    return foreignRefused ? Optional.ofNullable(refusal.foreign) : Optional.empty();
  }

  /** What is wrong with a class's marked methods, if anything: the two reasons to refuse it. */
  private static final class Refusals {
    /** Herald's {@code @Subscribe} without a dispatcher; null if none. */
    final String unprocessed;

    /** Another bus's annotation, and no dispatcher in the hierarchy; null if not so. */
    final String foreign;

    Refusals(String unprocessed, String foreign) {
      this.unprocessed = unprocessed;
      this.foreign = foreign;
    }
  }

  private Refusals computeRefusals(Class<?> type) {
    List<SubscribeMarks.Mark> herald = new ArrayList<>();
    List<SubscribeMarks.Mark> foreign = new ArrayList<>();
    for (SubscribeMarks.Mark mark : unreadMarks.get(type)) {
      (mark.kind == SubscribeMarks.Kind.HERALD ? herald : foreign).add(mark);
    }
    String unprocessed = null;
    if (!herald.isEmpty()) {
      unprocessed =
          "Cannot register "
              + type.getName()
              + ": "
              + describe(herald)
              + (herald.size() == 1 ? " carries" : " carry")
              + " @dev.herald.annotation.Subscribe, but no dispatcher was generated for "
              + (herald.get(0).declaringClass == type
                  ? "it"
                  : herald.get(0).declaringClass.getName())
              + (hiddenFromProcessors(herald)
                  ? ". " + KAPT_HIDDEN
                  : ", so its code was compiled without Herald's annotation processor and these"
                      + " handlers would never run."
                      + FIXES);
    }
    String leftOver = null;
    if (!foreign.isEmpty() && !typeOf(type).hasDispatcher()) {
      SubscribeMarks.Kind kind = foreign.get(0).kind;
      leftOver =
          "Cannot register "
              + type.getName()
              + ": "
              + describe(foreign)
              + (foreign.size() == 1 ? " carries " : " carry ")
              + kind.owner
              + " "
              + kind.annotation()
              + ", which Herald does not read, and no method carries Herald's. Replace the"
              + " annotation with @dev.herald.annotation.Subscribe (docs/MIGRATING.md in"
              + " Herald's repository lists the other differences), and compile with"
              + " herald-processor. A class that stays on the other bus on purpose is skipped by"
              + " a bus built with ignoreForeignSubscribe().";
    }
    return new Refusals(unprocessed, leftOver);
  }

  /** "com.example.Radar.onMove and com.example.Radar.onStop", at most three named. */
  private static String describe(List<SubscribeMarks.Mark> marks) {
    StringBuilder text = new StringBuilder();
    int named = Math.min(3, marks.size());
    for (int i = 0; i < named; i++) {
      if (i > 0) {
        text.append(i == named - 1 && named == marks.size() ? " and " : ", ");
      }
      SubscribeMarks.Mark mark = marks.get(i);
      text.append(mark.declaringClass.getName()).append('.').append(mark.method);
    }
    if (marks.size() > named) {
      text.append(" and ").append(marks.size() - named).append(" more");
    }
    return text.toString();
  }

  /**
   * Whether a marked method has a name no Java source can declare: such code comes from another JVM
   * language whose annotation-processing bridge (kapt) could not show it to the processor.
   */
  private static boolean hiddenFromProcessors(List<SubscribeMarks.Mark> marks) {
    for (SubscribeMarks.Mark mark : marks) {
      if (!isJavaName(mark.method)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isJavaName(String name) {
    if (name.isEmpty() || !Character.isJavaIdentifierStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!Character.isJavaIdentifierPart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The marks of {@code type}, if it has no dispatcher of its own, then those of its superclass and
   * interfaces; the JDK's classes are never read, since they carry none.
   */
  private List<SubscribeMarks.Mark> computeUnreadMarks(Class<?> type) {
    List<SubscribeMarks.Mark> marks = new ArrayList<>();
    ClassLoader loader = type.getClassLoader();
    if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
      return List.of();
    }
    if (dispatcherOf(type) == null) {
      marks.addAll(SubscribeMarks.declaredBy(type));
    }
    if (type.getSuperclass() != null) {
      marks.addAll(unreadMarks.get(type.getSuperclass()));
    }
    for (Class<?> implemented : type.getInterfaces()) {
      for (SubscribeMarks.Mark mark : unreadMarks.get(implemented)) {
        if (!marks.contains(mark)) {
          marks.add(mark);
        }
      }
    }
    return List.copyOf(marks);
  }

  boolean knowsAnyDispatcherFor(Class<?> type) {
    if (!explicit) {
      ClassLoader loader = type.getClassLoader();
      ClassLoader from = loader != null ? loader : ClassLoader.getSystemClassLoader();
      synchronized (scannedLoaders) {
        return loadersWithDispatchers.contains(from);
      }
    }
    return true;
  }

  /** The handlers of {@code type}; {@link ListenerType#hasDispatcher()} says if it has any. */
  ListenerType typeOf(Class<?> type) {
    return types.get(type);
  }

  /**
   * The class's own dispatcher composed with its superclass's type, then the handlers of its
   * interfaces (each composed the same way with its super-interfaces) that no row before them
   * already calls: a lambda, an anonymous class or a mock has the handlers of the interfaces it
   * implements.
   */
  private ListenerType compute(Class<?> type) {
    Dispatcher<?> dispatcher = dispatcherOf(type);
    Class<?> superclass = type.getSuperclass();
    ListenerType inherited =
        superclass == null ? ListenerType.WITHOUT_DISPATCHER : typeOf(superclass);
    ListenerType composed =
        dispatcher == null ? inherited : ListenerType.compose(dispatcher, inherited);
    for (Class<?> implemented : type.getInterfaces()) {
      composed = composed.withInterface(typeOf(implemented));
    }
    return composed;
  }

  private Dispatcher<?> dispatcherOf(Class<?> type) {
    AtomicReference<Dispatcher<?>> slot = dispatchers.get(type);
    if (slot.get() == null) {
      // look again even when this thread read nothing new: another thread may have been
      // scanning the same loader, and scan() returns only once that is done
      scan(type.getClassLoader());
    }
    return slot.get();
  }

  /** Keeps {@code dispatcher} for its listener class, unless one was found there before. */
  private void keep(Dispatcher<?> dispatcher) {
    dispatchers.get(dispatcher.listenerType()).compareAndSet(null, dispatcher);
  }

  /** Reads the indexes visible from {@code loader} once; returns whether it read anything new. */
  private boolean scan(ClassLoader loader) {
    ClassLoader from = loader != null ? loader : ClassLoader.getSystemClassLoader();
    synchronized (scannedLoaders) {
      if (!scannedLoaders.add(from)) {
        return false;
      }
      try {
        boolean found = false;
        for (Dispatcher<?> dispatcher : ServiceLoader.load(DISPATCHER, from)) {
          keep(dispatcher);
          found = true;
        }
        for (DispatcherIndex index : ServiceLoader.load(DispatcherIndex.class, from)) {
          add(index);
          found = true;
        }
        if (found) {
          loadersWithDispatchers.add(from);
        }
      } catch (ServiceConfigurationError e) {
        scannedLoaders.remove(from);
        throw new IllegalStateException(
            "A Herald dispatcher listed in META-INF/services/"
                + Dispatcher.class.getName()
                + " (or an index in META-INF/services/"
                + DispatcherIndex.class.getName()
                + ") could not be loaded; rebuild the module that contains it",
            e);
      }
      return true;
    }
  }

  private void add(DispatcherIndex index) {
    for (Dispatcher<?> dispatcher : index.dispatchers()) {
      keep(dispatcher);
    }
  }

  /**
   * Whether {@code type} has handlers: a dispatcher was generated for it, a superclass or an
   * interface.
   *
   * @throws IllegalArgumentException if its code marks handlers that would never run: see {@link
   *     #misbuilt}
   */
  boolean hasHandlers(Class<?> type, boolean foreignRefused) {
    Optional<String> misbuilt = misbuilt(type, foreignRefused);
    if (misbuilt.isPresent()) {
      throw new IllegalArgumentException(misbuilt.get());
    }
    return typeOf(type).hasDispatcher();
  }
}
