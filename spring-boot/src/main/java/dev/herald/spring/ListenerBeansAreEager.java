package dev.herald.spring;

import dev.herald.MessageBus;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.LazyInitializationExcludeFilter;

/**
 * Keeps listener beans eager under {@code spring.main.lazy-initialization=true}: a listener that
 * nothing injects would otherwise never be made, so never registered, and the messages meant for it
 * would reach nobody. Decided by the generated index, as the registrar decides; a class whose
 * handlers have no dispatcher stays eager too, so that the registrar fails the start over it.
 *
 * @since 0.1
 */
public class ListenerBeansAreEager implements LazyInitializationExcludeFilter {
  /** Creates the filter; Spring Boot applies it to every bean definition. */
  public ListenerBeansAreEager() {}

  @Override
  public boolean isExcluded(String beanName, BeanDefinition beanDefinition, Class<?> beanType) {
    if (beanType == null || MessageBus.class.isAssignableFrom(beanType)) {
      return false;
    }
    return IndexProbe.isListenerOrMisbuilt(beanType);
  }
}
