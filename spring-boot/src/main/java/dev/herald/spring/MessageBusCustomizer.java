package dev.herald.spring;

import dev.herald.MessageBus;

/**
 * Changes the builder of the auto-configured {@link MessageBus} after the {@code herald.*}
 * properties are applied: an error handler, a ticker, an index, a lane whose executor is not a
 * bean. Every customizer bean of the context is called, in {@code @Order}.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface MessageBusCustomizer {
  /**
   * Changes {@code builder}.
   *
   * @param builder the builder of the context's bus
   */
  void customize(MessageBus.Builder builder);
}
