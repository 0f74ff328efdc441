/**
 * Reliable, dependency-ordered delivery between peers over an unreliable datagram link, and the
 * same over real UDP sockets. Time comes from a {@link dev.herald.time.Ticker}. The simulator and
 * the lossy relay to test against are in the network test kit, {@code dev.herald.network.testkit}.
 * A UDP node records its peers' comings and goings and what it cannot read as flight recorder
 * events ({@code dev.herald.net.*}), which cost nothing unless a recording asks for them.
 */
module dev.herald.network {
  requires transitive dev.herald.time;
  requires jdk.jfr;

  exports dev.herald.net;
  exports dev.herald.net.udp;
}
