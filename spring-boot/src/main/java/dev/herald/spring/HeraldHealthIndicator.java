package dev.herald.spring;

import dev.herald.BusStatistics;
import dev.herald.MessageBus;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The bus's health ({@code herald} under {@code /actuator/health}): up while it accepts messages,
 * out of service once closed, with its counts as details.
 *
 * @since 0.1
 */
public class HeraldHealthIndicator implements HealthIndicator {
  private final MessageBus bus;

  /**
   * Creates the indicator of {@code bus}.
   *
   * @param bus the bus
   */
  public HeraldHealthIndicator(MessageBus bus) {
    this.bus = bus;
  }

  @Override
  public Health health() {
    BusStatistics statistics = bus.statistics();
    Health.Builder health = bus.isClosed() ? Health.outOfService() : Health.up();
    return health
        .withDetail("handlerFailures", statistics.handlerFailures())
        .withDetail("deadMessages", statistics.deadMessages())
        .withDetail("asyncQueueDepth", statistics.asyncQueueDepth())
        .withDetail("laneQueueDepth", statistics.laneQueueDepth())
        .withDetail("queuedForStages", statistics.queuedForStages())
        .build();
  }
}
