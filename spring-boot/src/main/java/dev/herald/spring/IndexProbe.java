package dev.herald.spring;

import dev.herald.MessageBus;

/**
 * Answers whether a class has handlers where the context's bus cannot be asked (before it exists,
 * or when there is no single one): a bus made once for that, which holds no listener and runs
 * nothing, and finds dispatchers as an auto-configured bus does.
 */
final class IndexProbe {
  private static final MessageBus INDEX = MessageBus.create();

  private IndexProbe() {}

  /**
   * Whether objects of {@code type} have handlers, or mark handlers that would never run (which
   * registering them would report).
   */
  static boolean isListenerOrMisbuilt(Class<?> type) {
    try {
      return INDEX.hasHandlers(type);
    } catch (IllegalArgumentException misbuilt) {
      return true;
    }
  }
}
