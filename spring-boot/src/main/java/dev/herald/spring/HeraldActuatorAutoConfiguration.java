package dev.herald.spring;

import dev.herald.MessageBus;
import dev.herald.micrometer.MessageBusMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With Spring Boot Actuator: the {@code herald} endpoint ({@link HeraldEndpoint}), the bus's health
 * ({@link HeraldHealthIndicator}), and its meters ({@link MessageBusMetrics}, bound to the
 * context's {@link MeterRegistry} by Spring Boot) when herald-micrometer is on the class path. Each
 * part stands alone: the endpoint needs no Micrometer, the meters no Actuator endpoint. With
 * several buses they describe the {@code @Primary} one, and without one they are left out rather
 * than fail the start.
 *
 * @since 0.1
 */
@AutoConfiguration(after = HeraldAutoConfiguration.class)
@ConditionalOnSingleCandidate(MessageBus.class)
public class HeraldActuatorAutoConfiguration {
  /** Creates the configuration; Spring Boot does. */
  public HeraldActuatorAutoConfiguration() {}

  /** The endpoint, where Actuator is. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(Endpoint.class)
  static class EndpointConfiguration {
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint
    HeraldEndpoint heraldEndpoint(MessageBus bus) {
      return new HeraldEndpoint(bus);
    }
  }

  /** The health indicator, where Spring Boot's health module is. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(HealthIndicator.class)
  @ConditionalOnEnabledHealthIndicator("herald")
  static class HealthConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "heraldHealthIndicator")
    HeraldHealthIndicator heraldHealthIndicator(MessageBus bus) {
      return new HeraldHealthIndicator(bus);
    }
  }

  /** The bus's meters, where Micrometer and herald-micrometer are. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass({MeterRegistry.class, MessageBusMetrics.class})
  static class MetricsConfiguration {
    @Bean
    @ConditionalOnMissingBean
    MessageBusMetrics heraldMessageBusMetrics(MessageBus bus) {
      return new MessageBusMetrics(bus);
    }
  }
}
