package dev.herald.nats;

import java.time.Duration;

/**
 * A request sent to other processes that some process received but none answered in time. The
 * request returns the local replies only. (A request that no process imports returns at once with
 * no remote replies, and is not an error, as a local request nobody answers is not.)
 *
 * @since 0.1
 */
public final class RequestTimeoutException extends NatsBridgeException {
  private static final long serialVersionUID = 1L;

  RequestTimeoutException(Object request, String subject, Duration timeout) {
    super(
        "No process answered "
            + request
            + " on subject "
            + subject
            + " within "
            + timeout
            + ": raise NatsBridge.Builder.requestTimeout, or check that a process imports the subject"
            + " and has a handler that returns a reply of the requested type",
        subject,
        null);
  }
}
