package dev.herald.spring;

import dev.herald.MessageBus;
import dev.herald.micrometer.NatsBridgeMetrics;
import dev.herald.nats.NatsBridge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With herald-nats on the class path and {@code herald.nats.url} set: the bus's {@link NatsBridge},
 * built with the context (connected, subscribed, exporting), started once the application is ready
 * ({@link NatsBridgeLifecycle}), and closed when the context starts closing, before the bus.
 *
 * @since 0.1
 */
@AutoConfiguration(after = HeraldAutoConfiguration.class)
@ConditionalOnClass(NatsBridge.class)
@ConditionalOnProperty("herald.nats.url")
@ConditionalOnBean(MessageBus.class)
public class HeraldNatsAutoConfiguration {
  /** Creates the configuration; Spring Boot does. */
  public HeraldNatsAutoConfiguration() {}

  /**
   * The bridge, built but not started: imports wait until the application is ready.
   *
   * @param bus the bus it bridges
   * @param properties the {@code herald.nats.*} properties
   * @param customizers the customizers, in order
   * @return the bridge
   * @throws IOException if the server cannot be reached
   * @throws InterruptedException if interrupted while connecting
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public NatsBridge heraldNatsBridge(
      MessageBus bus, HeraldProperties properties, ObjectProvider<NatsBridgeCustomizer> customizers)
      throws IOException, InterruptedException {
    HeraldProperties.Nats nats = properties.getNats();
    NatsBridge.Builder builder = NatsBridge.builder(bus).server(nats.getUrl());
    if (nats.getOrigin() != null) {
      builder.origin(nats.getOrigin());
    }
    if (nats.getSubjectPrefix() != null) {
      builder.subjectPrefix(nats.getSubjectPrefix());
    }
    for (Class<?> type : nats.getExport()) {
      builder.exportType(type);
    }
    for (Class<?> type : nats.getImport()) {
      builder.importType(type);
    }
    for (NatsBridgeCustomizer customizer : customizers.orderedStream().toList()) {
      customizer.customize(builder);
    }
    return builder.build();
  }

  /**
   * Starts the bridge when the application is ready, closes it when the context closes.
   *
   * @param bridge the bridge
   * @return the lifecycle listener
   */
  @Bean
  @ConditionalOnMissingBean // a child context's: its parent's bridge has its parent's lifecycle
  public NatsBridgeLifecycle heraldNatsBridgeLifecycle(NatsBridge bridge) {
    return new NatsBridgeLifecycle(bridge);
  }

  /** The bridge's meters, where Micrometer and herald-micrometer are. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass({MeterRegistry.class, NatsBridgeMetrics.class})
  static class MetricsConfiguration {
    @Bean
    @ConditionalOnMissingBean
    NatsBridgeMetrics heraldNatsBridgeMetrics(NatsBridge bridge) {
      return new NatsBridgeMetrics(bridge);
    }
  }
}
