package dev.herald.spring;

import dev.herald.MessageBus;
import java.util.Map;
import java.util.concurrent.Executor;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.DependsOn;
import org.springframework.core.env.Environment;

/**
 * The context's {@link MessageBus}, built from the {@code herald.*} properties ({@link
 * HeraldProperties}) and the {@link MessageBusCustomizer} beans unless the application declares its
 * own; the registrar of listener beans ({@link HeraldListenerRegistrar}); and the bus's shutdown
 * with the context ({@link HeraldShutdown}).
 *
 * @since 0.1
 */
@AutoConfiguration(after = TaskExecutionAutoConfiguration.class)
@EnableConfigurationProperties(HeraldProperties.class)
public class HeraldAutoConfiguration {
  /** The name of the auto-configured bus bean. */
  public static final String BUS_BEAN = "heraldMessageBus";

  /** Creates the configuration; Spring Boot does. */
  public HeraldAutoConfiguration() {}

  /**
   * The registrar, made before any other bean so that it sees them all.
   *
   * @return the registrar
   */
  @Bean
  public static HeraldListenerRegistrar heraldListenerRegistrar() {
    return new HeraldListenerRegistrar();
  }

  /**
   * Listener beans stay eager under lazy initialization, or nothing would make them. Read from the
   * environment, not from {@link HeraldProperties}, since this filter is made before other beans.
   *
   * @param environment where {@code herald.ignore-foreign-subscribe} is read
   * @return the filter
   */
  @Bean
  public static ListenerBeansAreEager heraldListenerBeansAreEager(Environment environment) {
    return new ListenerBeansAreEager(
        Binder.get(environment)
            .bind("herald.ignore-foreign-subscribe", Boolean.class)
            .orElse(Boolean.FALSE));
  }

  /**
   * The bus, closed by {@link HeraldShutdown} when the context starts closing rather than when its
   * beans are destroyed, by which time the executors of its lanes refuse work. The shutdown bean is
   * made first, so that a context that fails to start after making the bus, and so publishes no
   * closing event, still closes the bus when it destroys the shutdown bean.
   *
   * @param properties the {@code herald.*} properties
   * @param beans where the lanes' executors are found by name
   * @param customizers the customizers, in order
   * @return the bus
   */
  @Bean(name = BUS_BEAN, destroyMethod = "")
  @ConditionalOnMissingBean
  @DependsOn("heraldShutdown")
  public MessageBus heraldMessageBus(
      HeraldProperties properties,
      ConfigurableListableBeanFactory beans,
      ObjectProvider<MessageBusCustomizer> customizers) {
    MessageBus.Builder builder = MessageBus.builder().nestedPosts(properties.getNestedPosts());
    if (properties.isSerializedHandlers()) {
      builder.serializedHandlers();
    }
    if (properties.isIgnoreForeignSubscribe()) {
      builder.ignoreForeignSubscribe();
    }
    if (properties.getSticky().getCapacity() != null) {
      builder.stickyCapacity(properties.getSticky().getCapacity());
    }
    if (properties.getSticky().getExpiry() != null) {
      builder.stickyExpiry(properties.getSticky().getExpiry());
    }
    if (properties.getExecutor() != null) {
      builder.executor(executor(beans, "herald.executor", properties.getExecutor()));
    }
    for (Map.Entry<String, String> lane : properties.getLanes().entrySet()) {
      builder.lane(
          lane.getKey(), executor(beans, "herald.lanes." + lane.getKey(), lane.getValue()));
    }
    for (MessageBusCustomizer customizer : customizers.orderedStream().toList()) {
      customizer.customize(builder);
    }
    return builder.build();
  }

  /**
   * The bus's shutdown when the context closes.
   *
   * @param registrar the registrar, which knows the bus
   * @param properties the {@code herald.shutdown.*} properties
   * @return the shutdown listener
   */
  @Bean
  public HeraldShutdown heraldShutdown(
      HeraldListenerRegistrar registrar, HeraldProperties properties) {
    return new HeraldShutdown(registrar, properties.getShutdown());
  }

  private static Executor executor(
      ConfigurableListableBeanFactory beans, String property, String beanName) {
    try {
      return beans.getBean(beanName, Executor.class);
    } catch (NoSuchBeanDefinitionException missing) {
      throw new IllegalStateException(
          property
              + " names '"
              + beanName
              + "', which is not an Executor bean of this context. Name an Executor bean"
              + " (Spring Boot makes 'applicationTaskExecutor'), or declare one.",
          missing);
    }
  }
}
