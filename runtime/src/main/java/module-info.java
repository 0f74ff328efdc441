/**
 * The message bus: {@code dev.herald} for applications, {@code dev.herald.bridge} for modules that
 * carry messages between processes. A modular program that registers listeners needs its
 * dispatchers found: compile it with {@code -Aherald.index=com.acme.HeraldIndex} and declare {@code
 * provides dev.herald.internal.generated.DispatcherIndex with com.acme.HeraldIndex;} (a named
 * module's {@code META-INF/services} files are not read), or hand the index to {@code
 * MessageBus.builder().index(...)}.
 */
module dev.herald.runtime {
  requires transitive dev.herald.annotations;
  requires transitive dev.herald.internal.generated;
  requires transitive dev.herald.time;
  requires jdk.jfr; // the bus's Flight Recorder events (FlightEvents)

  exports dev.herald;
  exports dev.herald.bridge;

  uses dev.herald.internal.generated.Dispatcher;
  uses dev.herald.internal.generated.DispatcherIndex;
}
