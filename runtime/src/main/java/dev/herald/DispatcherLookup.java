package dev.herald;

import dev.herald.internal.generated.Dispatcher;
import dev.herald.internal.generated.DispatcherIndex;
import java.util.Collections;
import java.util.List;
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
    String fixes =
        " Add dev.herald:herald-processor to maven-compiler-plugin's <annotationProcessorPaths>,"
            + " with the plugin's version pinned to 3.5 or newer (Maven 3.8's default, 3.1,"
            + " ignores that setting), or in Gradle: annotationProcessor"
            + " \"dev.herald:herald-processor\". Then build clean (mvn clean verify): an"
            + " incremental build keeps classes compiled without the processor.";
    if (!knowsAnyDispatcherFor(type)) {
      return "Cannot register "
          + type.getName()
          + ": Herald found no generated dispatcher at"
          + " all where this class was loaded from (no META-INF/services/"
          + Dispatcher.class.getName()
          + "), so the code was compiled without Herald's"
          + " annotation processor."
          + fixes;
    }
    return "Cannot register "
        + type.getName()
        + ": Herald found generated dispatchers, but"
        + " none for this class or its superclasses. Either it has no @Subscribe methods (for a"
        + " lambda or method reference, use subscribe(MessageType.class, handler) instead; for"
        + " code that registers objects it does not know, as Guava's register does, use"
        + " registerIfListener, which returns empty for such an object), or it was compiled"
        + " without Herald's annotation processor."
        + fixes;
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
   * Whether {@code type} has handlers; false if it has none but other classes from its loader do,
   * so the processor ran.
   *
   * @throws IllegalArgumentException if no dispatcher at all is known where it was loaded from
   */
  boolean hasHandlers(Class<?> type) {
    if (typeOf(type).hasDispatcher()) {
      return true;
    }
    if (!knowsAnyDispatcherFor(type)) {
      throw new IllegalArgumentException(whyNoDispatcher(type));
    }
    return false;
  }
}
