/**
 * The message bus. A modular program that registers listeners needs its dispatchers found:
 * compile it with {@code -Aherald.index=com.acme.HeraldIndex} and declare
 * {@code provides dev.herald.spi.DispatcherIndex with com.acme.HeraldIndex;} (a named module's
 * {@code META-INF/services} files are not read), or hand the index to
 * {@code MessageBus.builder().index(...)}.
 */
module dev.herald.runtime {
  requires transitive dev.herald.annotations;
  requires transitive dev.herald.spi;

  exports dev.herald;

  uses dev.herald.spi.Dispatcher;
  uses dev.herald.spi.DispatcherIndex;
}
