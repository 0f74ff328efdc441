package dev.herald.micrometer;

import dev.herald.nats.NatsBridge;
import dev.herald.nats.NatsBridgeCounters;
import java.util.function.ToDoubleFunction;

/**
 * The counters of a {@link NatsBridge}, each a function counter named {@code herald.nats.*} that
 * reads {@link NatsBridge#counters()} when the registry reads it.
 */
enum NatsMeter implements ToDoubleFunction<NatsBridge> {
  SENT(
      "herald.nats.sent",
      "messages",
      "Messages handed to NATS: exported, sent to one process, and requests") {
    @Override
    long read(NatsBridgeCounters counters) {
      return counters.sent();
    }
  },
  RECEIVED("herald.nats.received", "messages", "Messages from other processes handed to the bus") {
    @Override
    long read(NatsBridgeCounters counters) {
      return counters.received();
    }
  },
  LOST(
      "herald.nats.lost",
      "messages",
      "Messages from other processes that never reached a handler: gaps, unreadable numbered"
          + " messages, failed imports") {
    @Override
    long read(NatsBridgeCounters counters) {
      return counters.lost();
    }
  },
  DROPPED("herald.nats.dropped", "messages", "Messages the bridge could not hand to NATS") {
    @Override
    long read(NatsBridgeCounters counters) {
      return counters.dropped();
    }
  },
  MALFORMED(
      "herald.nats.malformed", "messages", "Messages from other processes that could not be read") {
    @Override
    long read(NatsBridgeCounters counters) {
      return counters.malformed();
    }
  },
  IMPORT_FAILURES(
      "herald.nats.import.failures",
      "failures",
      "Messages that arrived but did not reach every handler, each report counted") {
    @Override
    long read(NatsBridgeCounters counters) {
      return counters.importFailures();
    }
  };

  final String meterName;
  final String baseUnit;
  final String description;

  NatsMeter(String meterName, String baseUnit, String description) {
    this.meterName = meterName;
    this.baseUnit = baseUnit;
    this.description = description;
  }

  /** This meter's count in {@code counters}. */
  abstract long read(NatsBridgeCounters counters);

  @Override
  public double applyAsDouble(NatsBridge bridge) {
    return read(bridge.counters());
  }
}
