package dev.herald.micrometer;

import dev.herald.BusStatistics;
import dev.herald.MessageBus;
import java.util.function.ToDoubleFunction;

/**
 * The bus-wide figures of a {@link MessageBus}, each read from {@link MessageBus#statistics()} when
 * the registry reads the meter: counts that only grow become function counters, depths and sizes
 * gauges.
 */
enum BusMeter implements ToDoubleFunction<MessageBus> {
  HANDLER_FAILURES(
      "herald.bus.handler.failures",
      "failures",
      "Handler failures given to the error handler",
      true) {
    @Override
    double read(BusStatistics statistics) {
      return statistics.handlerFailures();
    }
  },
  DEAD_MESSAGES(
      "herald.bus.dead.messages",
      "messages",
      "Messages that reached no handler, or only hidden ones",
      true) {
    @Override
    double read(BusStatistics statistics) {
      return statistics.deadMessages();
    }
  },
  POST_CHAINS_TOO_DEEP(
      "herald.bus.post.chains.too.deep",
      "chains",
      "Posts stopped because their chain of nested posts grew too deep",
      true) {
    @Override
    double read(BusStatistics statistics) {
      return statistics.postChainsTooDeep();
    }
  },
  STICKY_MESSAGES("herald.bus.sticky.messages", "messages", "Sticky messages kept now", false) {
    @Override
    double read(BusStatistics statistics) {
      return statistics.stickyMessages();
    }
  },
  ASYNC_QUEUE(
      "herald.bus.async.queue",
      "calls",
      "Asynchronous handler calls taken and not yet finished",
      false) {
    @Override
    double read(BusStatistics statistics) {
      return statistics.asyncQueueDepth();
    }
  },
  STAGE_QUEUE(
      "herald.bus.stage.queue", "messages", "Messages queued for a stage run or a delay", false) {
    @Override
    double read(BusStatistics statistics) {
      return statistics.queuedForStages();
    }
  };

  final String meterName;
  final String baseUnit;
  final String description;
  final boolean counter;

  BusMeter(String meterName, String baseUnit, String description, boolean counter) {
    this.meterName = meterName;
    this.baseUnit = baseUnit;
    this.description = description;
    this.counter = counter;
  }

  /** This meter's figure in {@code statistics}. */
  abstract double read(BusStatistics statistics);

  @Override
  public double applyAsDouble(MessageBus bus) {
    return read(bus.statistics());
  }
}
