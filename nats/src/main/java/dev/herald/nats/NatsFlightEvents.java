package dev.herald.nats;

import jdk.jfr.FlightRecorder;

/**
 * Where the bridge records its Flight Recorder events ({@code dev.herald.nats.*}): nothing here
 * touches an event class until the Flight Recorder has started. The first event class loaded wakes
 * the recorder's machinery, hundreds of classes, a pause that no program that does not record
 * should pay at its first lost connection or malformed message, nor at every bridge's close (which
 * records the closed connection). The runtime's events are guarded the same way.
 */
final class NatsFlightEvents {
  private NatsFlightEvents() {}

  /**
   * Whether the Flight Recorder has started in this JVM: a flag it keeps, read without loading any
   * event class. Once it has, each method costs a check of whether a recording wants its event.
   */
  private static boolean recorderStarted() {
    return FlightRecorder.isInitialized();
  }

  static void connectionChanged(
      String bridge, NatsConnectionEvent.Kind kind, String server, long droppedSoFar) {
    if (recorderStarted()) {
      ConnectionChangedEvent.emit(bridge, kind, server, droppedSoFar);
    }
  }

  static void messagesLost(
      String bridge, String sender, String subject, long count, long lostSoFar) {
    if (recorderStarted()) {
      MessagesLostEvent.emit(bridge, sender, subject, count, lostSoFar);
    }
  }

  static void messageDropped(
      String bridge, String subject, Object message, Throwable cause, long droppedSoFar) {
    if (recorderStarted()) {
      MessageDroppedEvent.emit(bridge, subject, message, cause, droppedSoFar);
    }
  }

  static void malformedPayload(String bridge, MalformedPayloadException failure) {
    if (recorderStarted()) {
      MalformedPayloadEvent.emit(bridge, failure);
    }
  }

  static void importFailed(String bridge, ImportFailedException failure) {
    if (recorderStarted()) {
      ImportFailedEvent.emit(bridge, failure);
    }
  }
}
