package dev.herald;

import dev.herald.spi.Dispatcher;
import dev.herald.spi.DispatcherIndex;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the handlers of a listener class without reflection: the dispatchers come from
 * {@link ServiceLoader}, which reads what the processor registered in
 * {@code META-INF/services/dev.herald.spi.Dispatcher} (once per class loader, when a class
 * from it is first seen), or from {@link DispatcherIndex} implementations given to the bus's
 * builder or registered as services; the composed result is cached per class in a
 * {@link ClassValue}.
 */
final class DispatcherLookup {
  private static final DispatcherLookup DISCOVERED = new DispatcherLookup(List.of());

  /** {@code Dispatcher<?>.class}, which Java cannot write. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Class<Dispatcher<?>> DISPATCHER = (Class) Dispatcher.class;

  private final Map<Class<?>, Dispatcher<?>> dispatchers = new ConcurrentHashMap<>();
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

  /** The lookup shared by buses built without explicit indexes. */
  static DispatcherLookup discovered() {
    return DISCOVERED;
  }

  /** A lookup that knows {@code indexes} first, then whatever ServiceLoader finds. */
  static DispatcherLookup with(List<DispatcherIndex> indexes) {
    return indexes.isEmpty() ? DISCOVERED : new DispatcherLookup(indexes);
  }

  /**
   * Whether any dispatcher at all is known where {@code type} was loaded from: if not, the
   * program was compiled without Herald's processor; if so, {@code type} was (or has no
   * handlers). Asked only to explain a failed registration.
   */
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

  private ListenerType compute(Class<?> type) {
    Dispatcher<?> dispatcher = dispatcherOf(type);
    Class<?> superclass = type.getSuperclass();
    ListenerType inherited =
        superclass == null ? ListenerType.withoutDispatcher(type) : typeOf(superclass);
    if (dispatcher == null) {
      return inherited.hasDispatcher() ? inherited : ListenerType.withoutDispatcher(type);
    }
    return ListenerType.compose(type, dispatcher, inherited);
  }

  private Dispatcher<?> dispatcherOf(Class<?> type) {
    Dispatcher<?> dispatcher = dispatchers.get(type);
    if (dispatcher == null) {
      // look again even when this thread read nothing new: another thread may have been
      // scanning the same loader, and scan() returns only once that is done
      scan(type.getClassLoader());
      dispatcher = dispatchers.get(type);
    }
    return dispatcher;
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
          dispatchers.putIfAbsent(dispatcher.listenerType(), dispatcher);
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
      dispatchers.putIfAbsent(dispatcher.listenerType(), dispatcher);
    }
  }
}
