package dev.herald.spi;

import java.util.List;

/**
 * The dispatchers of one compilation.
 *
 * <p>Herald's processor writes one implementation per compilation and registers it in
 * {@code META-INF/services/dev.herald.spi.DispatcherIndex}, so the runtime finds it with
 * {@link java.util.ServiceLoader}. An index can also be given to the bus's builder directly.
 * Implementations have a public no-argument constructor.
 */
public interface DispatcherIndex {

  /** A new instance of every dispatcher the compilation generated. */
  List<Dispatcher<?>> dispatchers();
}
