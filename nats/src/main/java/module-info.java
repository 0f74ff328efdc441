/**
 * Herald's bridge to NATS: bus messages across processes and hosts, through core NATS and
 * JetStream. See {@code dev.herald.nats.NatsBridge}. Its failures are also flight recorder events
 * ({@code dev.herald.nats.*}), which cost nothing unless a recording asks for them.
 */
module dev.herald.nats {
  requires transitive dev.herald.runtime;
  requires transitive dev.herald.wire;
  requires transitive io.nats.jnats;
  requires jdk.jfr;

  exports dev.herald.nats;
}
