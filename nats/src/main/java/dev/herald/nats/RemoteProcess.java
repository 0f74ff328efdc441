package dev.herald.nats;

import dev.herald.RemoteEndpoint;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Another process as this bus sees it: an endpoint whose address is the {@code Envelope.from()}
 * of everything that process sends (and where local code sends messages for that process
 * alone), and the numbering of what it sent on each subject, to notice what went missing.
 */
final class RemoteProcess {
  final String origin;
  /** The origin as it is in payloads (UTF-8), to recognise the next payload from it. */
  final byte[] originBytes;
  final RemoteEndpoint endpoint;
  private final Map<String, Numbering> numberings = new HashMap<>();
  /** Set once {@link RemoteProcesses} forgets it: its endpoint is closed, its address retired. */
  private volatile boolean forgotten;
  /** Heard from since {@link RemoteProcesses} last put it at the recent end of its order. */
  private volatile boolean heard;

  RemoteProcess(String origin, RemoteEndpoint endpoint) {
    this.origin = origin;
    this.originBytes = origin.getBytes(StandardCharsets.UTF_8);
    this.endpoint = endpoint;
  }

  /** The numbering of what this process sends on {@code subject}, made when first asked. */
  synchronized Numbering numberingOn(String subject) {
    Numbering numbering = numberings.get(subject);
    if (numbering == null) {
      numbering = new Numbering(this, subject);
      numberings.put(subject, numbering);
    }
    return numbering;
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
