package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What the default error handler's log line says about where an error happened. */
class ErrorContextTest {
  @Test
  void aHandlersFailureNamesTheHandlerAndTheMessage() {
    ErrorContext context = new ErrorContext(MessageBus.create(), null, "Radar.on", "ping");
    assertEquals("handler Radar.on on message ping", context.toString());
  }

  @Test
  void aMessageThatReachedNobodyIsNotBlamedOnAHandlerNamedNull() {
    ErrorContext context = new ErrorContext(MessageBus.create(), null, null, "ping");
    assertEquals("message ping", context.toString());
  }
}
