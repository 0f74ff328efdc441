package dev.herald.sample;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The sample's networked match runs to the end with every message once and in order. */
class NetworkedMatchTest {

  @Test
  void matchThroughTheLossyRelayDeliversEveryMessageOnceAndInDependencyOrder() throws Exception {
    assertTrue(NetworkedMatch.inOneProcess());
  }
}
