package dev.herald.nats;

import dev.herald.bridge.RemoteEndpoint;

/**
 * Another process as this bus sees it: an endpoint whose address is the {@code Envelope.from()} of
 * everything that process sends (and where local code sends messages for that process alone). What
 * it sent on each subject is numbered in {@link Numberings}.
 */
final class RemoteProcess {
  /** Its name: the second token of every subject it publishes on, at most 64 characters. */
  final String origin;

  final RemoteEndpoint endpoint;

  /** Set once {@link RemoteProcesses} forgets it: its endpoint is closed, its address retired. */
  private volatile boolean forgotten;

  /** Heard from since {@link RemoteProcesses} last put it at the recent end of its order. */
  private volatile boolean heard;

  RemoteProcess(String origin, RemoteEndpoint endpoint) {
    this.origin = origin;
    this.endpoint = endpoint;
  }

  /**
   * Whether {@code subject}, as published, is this process's: its second token is the origin.
   * Compares in place, so that the next message from the process heard last makes no string.
   */
  boolean isOriginOf(String subject) {
    int from = subject.indexOf('.') + 1;
    int end = from + origin.length();
    return from > 0
        && subject.regionMatches(from, origin, 0, origin.length())
        && (end == subject.length() || subject.charAt(end) == '.');
  }

  /** Notes that a message from this process arrived without asking {@link RemoteProcesses}. */
  RemoteProcess heard() {
    if (!heard) {
      heard = true; // written once per turn, not per message: a volatile write costs a fence
    }
    return this;
  }

  /** Whether it was heard from since the last call, which forgets that it was. */
  boolean takeHeard() {
    boolean was = heard;
    heard = false;
    return was;
  }

  void forget() {
    forgotten = true;
    endpoint.close();
  }

  boolean isForgotten() {
    return forgotten;
  }
}
