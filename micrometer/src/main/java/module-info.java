/**
 * Micrometer binders for Herald: {@link dev.herald.micrometer.MessageBusMetrics} for a bus, {@link
 * dev.herald.micrometer.UdpNodeMetrics} for a UDP node and its peers, {@link
 * dev.herald.micrometer.NatsBridgeMetrics} for a NATS bridge. The network layer and the NATS bridge
 * are optional: a program reads the modules of what it binds.
 */
module dev.herald.micrometer {
  requires transitive micrometer.core;
  requires transitive dev.herald.runtime;
  requires static dev.herald.network;
  requires static dev.herald.nats;

  exports dev.herald.micrometer;
}
