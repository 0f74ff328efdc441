package dev.herald.spring;

import dev.herald.nats.NatsBridge;

/**
 * Changes the builder of the auto-configured {@link NatsBridge} after the {@code herald.nats.*}
 * properties are applied: durable exports, a stream, timeouts. Every customizer bean of the context
 * is called, in {@code @Order}.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface NatsBridgeCustomizer {
  /**
   * Changes {@code builder}.
   *
   * @param builder the builder of the context's bridge
   */
  void customize(NatsBridge.Builder builder);
}
