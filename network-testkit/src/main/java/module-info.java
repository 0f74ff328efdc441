/**
 * The network test kit: a seeded network simulator and a manual ticker for testing code built on
 * {@code dev.herald.network}, and a lossy relay between real sockets. Published apart from the
 * network layer, as a test-scope dependency, so production jars carry none of it.
 */
module dev.herald.network.testkit {
  requires transitive dev.herald.network;

  exports dev.herald.net.testkit;
}
