/** Reliable, dependency-ordered delivery between peers over an unreliable datagram link. */
module dev.herald.network {
  exports dev.herald.net;
}
