package dev.herald.micrometer;

import dev.herald.MessageBus;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;

/**
 * Binds a {@link MessageBus}'s {@linkplain MessageBus#statistics() statistics} to a Micrometer
 * registry: the function counters {@code herald.bus.handler.failures}, {@code
 * herald.bus.dead.messages} and {@code herald.bus.post.chains.too.deep}, and the gauges {@code
 * herald.bus.sticky.messages}, {@code herald.bus.async.queue}, {@code herald.bus.stage.queue} and
 * {@code herald.bus.lane.queue} (one per lane, tagged {@code lane}).
 *
 * <p>Every meter is read when the registry reads it; posting does no work for it. The counts are
 * those the bus keeps anyway where failures and dead messages happen, off the plain post path.
 *
 * <pre>{@code
 * new MessageBusMetrics(bus).bindTo(registry);
 * }</pre>
 *
 * @since 0.1
 */
public final class MessageBusMetrics implements MeterBinder {
  private final MessageBus bus;
  private final Tags tags;

  /** Binds {@code bus}'s meters with no extra tags. */
  public MessageBusMetrics(MessageBus bus) {
    this(bus, Tags.empty());
  }

  /**
   * Binds {@code bus}'s meters with {@code tags} added to each (to tell several buses apart: {@code
   * Tags.of("bus", "game")}, say).
   */
  public MessageBusMetrics(MessageBus bus, Iterable<Tag> tags) {
    this.bus = Objects.requireNonNull(bus, "bus");
    this.tags = Tags.of(Objects.requireNonNull(tags, "tags"));
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (BusMeter meter : BusMeter.values()) {
      if (meter.counter) {
        FunctionCounter.builder(meter.meterName, bus, meter)
            .baseUnit(meter.baseUnit)
            .description(meter.description)
            .tags(tags)
            .register(registry);
      } else {
        Gauge.builder(meter.meterName, bus, meter)
            .baseUnit(meter.baseUnit)
            .description(meter.description)
            .tags(tags)
            .register(registry);
      }
    }
    // A bus's lanes are fixed when it is built, so one gauge per lane covers them all.
    for (String lane : bus.statistics().laneQueueDepths().keySet()) {
      Gauge.builder("herald.bus.lane.queue", bus, new LaneQueue(lane))
          .baseUnit("messages")
          .description("Messages waiting in a lane's queue")
          .tags(tags)
          .tag("lane", lane)
          .register(registry);
    }
  }
}
