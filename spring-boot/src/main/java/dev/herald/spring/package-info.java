/**
 * Spring Boot auto-configuration for Herald: the {@link dev.herald.MessageBus} bean ({@link
 * dev.herald.spring.HeraldAutoConfiguration}, {@link dev.herald.spring.HeraldProperties}), the
 * registration of every bean that has a generated dispatcher ({@link
 * dev.herald.spring.HeraldListenerRegistrar}), the bus's shutdown with the context, and, where they
 * are on the class path, the actuator endpoint, health and meters and the NATS bridge.
 */
package dev.herald.spring;
