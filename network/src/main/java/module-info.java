/**
 * Reliable, dependency-ordered delivery between peers over an unreliable datagram link, and a
 * seeded network simulator for testing it.
 */
module dev.herald.network {
  exports dev.herald.net;
  exports dev.herald.net.simulation;
}
