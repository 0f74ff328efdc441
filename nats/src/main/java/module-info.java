/**
 * Herald's bridge to NATS: bus messages across processes and hosts, through core NATS and
 * JetStream. See {@code dev.herald.nats.NatsBridge}.
 */
module dev.herald.nats {
  requires transitive dev.herald.runtime;
  requires transitive dev.herald.wire;
  requires transitive io.nats.jnats;

  exports dev.herald.nats;
}
