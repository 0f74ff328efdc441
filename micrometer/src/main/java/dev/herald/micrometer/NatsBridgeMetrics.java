package dev.herald.micrometer;

import dev.herald.nats.NatsBridge;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;

/**
 * Binds a {@link NatsBridge}'s {@linkplain NatsBridge#counters() counters} to a Micrometer
 * registry, as function counters read when the registry reads them: {@code herald.nats.sent},
 * {@code .received}, {@code .lost}, {@code .dropped}, {@code .malformed} (messages) and {@code
 * herald.nats.import.failures}. Reading them sums a few counters the bridge keeps anyway and takes
 * no lock its publishing or importing threads hold.
 *
 * @since 0.1
 */
public final class NatsBridgeMetrics implements MeterBinder {

  private final NatsBridge bridge;
  private final Tags tags;

  /** Binds {@code bridge}'s meters with no extra tags. */
  public NatsBridgeMetrics(NatsBridge bridge) {
    this(bridge, Tags.empty());
  }

  /**
   * Binds {@code bridge}'s meters with {@code tags} added to each (to tell several bridges apart:
   * {@code Tags.of("origin", bridge.origin())}, say).
   */
  public NatsBridgeMetrics(NatsBridge bridge, Iterable<Tag> tags) {
    this.bridge = Objects.requireNonNull(bridge, "bridge");
    this.tags = Tags.of(Objects.requireNonNull(tags, "tags"));
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (NatsMeter meter : NatsMeter.values()) {
      FunctionCounter.builder(meter.meterName, bridge, meter)
          .baseUnit(meter.baseUnit)
          .description(meter.description)
          .tags(tags)
          .register(registry);
    }
  }
}
