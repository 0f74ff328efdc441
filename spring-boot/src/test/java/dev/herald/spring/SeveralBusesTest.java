package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.micrometer.MessageBusMetrics;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * An application with several {@code MessageBus} beans and Actuator on the class path: the health
 * indicator and the meters are those of the primary bus, and without a primary one the application
 * starts without them, as Spring Boot's own auto-configurations do for an ambiguous bean.
 */
class SeveralBusesTest {
  private final ApplicationContextRunner contexts =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  HeraldAutoConfiguration.class, HeraldActuatorAutoConfiguration.class));

  @Configuration(proxyBeanMethods = false)
  static class TwoBuses {
    @Bean
    MessageBus orders() {
      return MessageBus.create();
    }

    @Bean
    MessageBus audit() {
      return MessageBus.create();
    }
  }

  @Test
  void withNoPrimaryBusTheApplicationStartsWithoutTheBusesHealthAndMeters() {
    contexts
        .withUserConfiguration(TwoBuses.class)
        .run(
            context -> {
              assertNull(context.getStartupFailure());
              assertTrue(context.getBeansOfType(HeraldHealthIndicator.class).isEmpty());
              assertTrue(context.getBeansOfType(MessageBusMetrics.class).isEmpty());
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoBusesOnePrimary {
    @Bean
    @Primary
    MessageBus orders() {
      return MessageBus.create();
    }

    @Bean
    MessageBus audit() {
      MessageBus audit = MessageBus.create();
      audit.close();
      return audit;
    }
  }

  @Test
  void theHealthIsThePrimaryBuses() {
    contexts
        .withUserConfiguration(TwoBusesOnePrimary.class)
        .run(
            context -> {
              assertNull(context.getStartupFailure());
              assertEquals(
                  Status.UP, context.getBean(HeraldHealthIndicator.class).health().getStatus());
            });
  }
}
