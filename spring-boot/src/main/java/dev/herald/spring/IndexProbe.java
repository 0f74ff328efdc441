package dev.herald.spring;

import dev.herald.MessageBus;

/**
 * Answers whether a class has handlers where the context's bus cannot be asked (before it exists,
 * or when there is no single one): a bus made once for that, which holds no listener and runs
 * nothing, and finds dispatchers as an auto-configured bus does.
 */
final class IndexProbe {
  private static final MessageBus INDEX = MessageBus.create();

  /** The same, for a context whose bus skips classes marked only for another bus. */
  private static final MessageBus TOLERANT_INDEX =
      MessageBus.builder().ignoreForeignSubscribe().build();

  private IndexProbe() {}

  /**
   * Whether objects of {@code type} have handlers, or mark handlers that would never run (which
   * registering them would report).
   */
  static boolean isListenerOrMisbuilt(Class<?> type) {
    return isListenerOrMisbuilt(type, false);
  }

  /** The same, judged as a bus built with {@code ignoreForeignSubscribe()} if asked. */
  static boolean isListenerOrMisbuilt(Class<?> type, boolean ignoreForeignSubscribe) {
    try {
      return (ignoreForeignSubscribe ? TOLERANT_INDEX : INDEX).hasHandlers(type);
    } catch (IllegalArgumentException misbuilt) {
      return true;
    }
  }
}
