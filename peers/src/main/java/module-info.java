/**
 * The UDP bridge: peers in other processes as addresses on the local bus, messages carried by their
 * wire codecs over Herald's reliable UDP layer.
 */
module dev.herald.peers {
  requires transitive dev.herald.runtime;
  requires transitive dev.herald.wire;
  requires transitive dev.herald.network;

  exports dev.herald.peers;
}
