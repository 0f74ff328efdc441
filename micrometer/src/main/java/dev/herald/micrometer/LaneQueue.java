package dev.herald.micrometer;

import dev.herald.MessageBus;
import java.util.function.ToDoubleFunction;

/** The depth of one lane's queue, read from {@link MessageBus#statistics()} on each reading. */
final class LaneQueue implements ToDoubleFunction<MessageBus> {
  private final String lane;

  LaneQueue(String lane) {
    this.lane = lane;
  }

  @Override
  public double applyAsDouble(MessageBus bus) {
    Integer depth = bus.statistics().laneQueueDepths().get(lane);
    return depth == null ? 0 : depth;
  }
}
