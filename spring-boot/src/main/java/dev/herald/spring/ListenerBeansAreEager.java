package dev.herald.spring;

import dev.herald.MessageBus;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.LazyInitializationExcludeFilter;

/**
 * Keeps listener beans eager under {@code spring.main.lazy-initialization=true}: a listener that
 * nothing injects would otherwise never be made, so never registered, and the messages meant for it
 * would reach nobody. Decided by the generated index, as the registrar decides; a class whose
 * handlers have no dispatcher stays eager too, so that the registrar fails the start over it; one
 * that carries only another bus's annotation does not, where {@code
 * herald.ignore-foreign-subscribe} lets the registrar skip it.
 *
 * @since 0.1
 */
public class ListenerBeansAreEager implements LazyInitializationExcludeFilter {
  private final boolean ignoreForeignSubscribe;

  /** Creates the filter; Spring Boot applies it to every bean definition. */
  public ListenerBeansAreEager() {
    this(false);
  }

  /**
   * Creates the filter for a bus that skips, if {@code ignoreForeignSubscribe}, the classes that
   * carry only another bus's subscribing annotation, as the registrar's bus then does.
   *
   * @param ignoreForeignSubscribe whether {@code herald.ignore-foreign-subscribe} is set
   * @since 0.1
   */
  public ListenerBeansAreEager(boolean ignoreForeignSubscribe) {
    this.ignoreForeignSubscribe = ignoreForeignSubscribe;
  }

  @Override
  public boolean isExcluded(String beanName, BeanDefinition beanDefinition, Class<?> beanType) {
    if (beanType == null || MessageBus.class.isAssignableFrom(beanType)) {
      return false;
    }
    return IndexProbe.isListenerOrMisbuilt(beanType, ignoreForeignSubscribe);
  }
}
