/**
 * Reliable, dependency-ordered delivery between peers over an unreliable datagram link, and a
 * seeded network simulator for testing it, and the same over real UDP sockets (with a lossy
 * relay to test against).
 */
module dev.herald.network {
  exports dev.herald.net;
  exports dev.herald.net.simulation;
  exports dev.herald.net.udp;
}
