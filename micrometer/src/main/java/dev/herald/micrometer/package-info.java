/**
 * Micrometer {@link io.micrometer.core.instrument.binder.MeterBinder}s for what Herald counts, for
 * a registry of any backend (Prometheus, OTLP, JMX...).
 *
 * <pre>{@code
 * MeterRegistry registry = ...;                       // the application's
 * new MessageBusMetrics(bus).bindTo(registry);        // herald.bus.*
 * new UdpNodeMetrics(bridge.node()).bindTo(registry); // herald.node.*
 * new NatsBridgeMetrics(natsBridge).bindTo(registry); // herald.nats.*
 * }</pre>
 *
 * <p>Every binder reads counters Herald keeps anyway, when the registry reads the meter: binding
 * adds no work to sending, receiving or posting. Meter names start with {@code herald.} and the
 * name of the thing measured; each binder takes extra tags for telling several apart. The
 * dependencies on {@code herald-network} and {@code herald-nats} are optional: a program that binds
 * a UDP node or a NATS bridge already depends on its module, and one that does not pulls neither.
 *
 * <p>No reflection, and no lambdas or method references (the classes are checked like Herald's
 * other artifacts).
 */
package dev.herald.micrometer;
