package dev.herald.internal.generated;

import java.util.List;

/**
 * A list of dispatchers, for where {@link java.util.ServiceLoader} files are lost or not read.
 *
 * <p>Herald's processor registers every dispatcher in {@code
 * META-INF/services/dev.herald.internal.generated.Dispatcher}, which is how the runtime normally
 * finds them. With {@code -Aherald.index=com.acme.MyIndex} it also writes this class, listing the
 * dispatchers of the build, to give to the bus's builder (packaging that drops service files) or to
 * name in a module's {@code provides dev.herald.internal.generated.DispatcherIndex with ...}. The
 * runtime also reads implementations registered in {@code
 * META-INF/services/dev.herald.internal.generated.DispatcherIndex}. Implementations have a public
 * no-argument constructor.
 *
 * @since 0.1
 */
public interface DispatcherIndex {

  /** A new instance of every dispatcher the compilation generated. */
  List<Dispatcher<?>> dispatchers();
}
