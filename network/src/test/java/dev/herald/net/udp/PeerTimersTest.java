package dev.herald.net.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The heap of peers by deadline: due in order of deadline, moved and removed in place. */
class PeerTimersTest {

  private final PeerTimers timers = new PeerTimers();

  private static Peer peer(int id) {
    return new Peer(null, new InetSocketAddress(id + 1), id, id, Peer.State.CONNECTED);
  }

  @Test
  void onlyPeersWhoseDeadlineCameAreDueEarliestFirst() {
    Peer late = peer(1);
    Peer early = peer(2);
    timers.schedule(late, 300);
    timers.schedule(early, 100);

    assertNull(timers.due(99));
    assertSame(early, timers.due(100));
    timers.schedule(early, 500); // visited: its next deadline
    assertSame(late, timers.due(400));
    timers.remove(late);
    assertNull(timers.due(499));
    assertSame(early, timers.due(500));
    assertEquals(1, timers.size());
  }

  @Test
  void deadlinesAreComparedAcrossTheWrapOfTheClock() {
    Peer beforeWrap = peer(1);
    Peer afterWrap = peer(2);
    timers.schedule(afterWrap, Long.MIN_VALUE + 10);
    timers.schedule(beforeWrap, Long.MAX_VALUE - 10);

    assertSame(beforeWrap, timers.due(Long.MAX_VALUE));
    timers.remove(beforeWrap);
    assertNull(timers.due(Long.MAX_VALUE));
    assertSame(afterWrap, timers.due(Long.MIN_VALUE + 10));
  }

  @Test
  void manyPeersMovedAndRemovedAtRandomComeDueInOrder() {
    Random random = new Random(7);
    List<Peer> peers = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      Peer peer = peer(i);
      peers.add(peer);
      timers.schedule(peer, random.nextInt(10_000));
    }
    for (int i = 0; i < 2_000; i++) {
      Peer peer = peers.get(random.nextInt(peers.size()));
      if (random.nextInt(4) == 0) {
        timers.remove(peer);
        timers.remove(peer); // twice: nothing more
      } else {
        timers.schedule(peer, random.nextInt(10_000));
      }
    }
    int scheduled = 0;
    for (Peer peer : peers) {
      scheduled += peer.timerIndex >= 0 ? 1 : 0;
    }
    assertEquals(scheduled, timers.size());

    long previous = Long.MIN_VALUE;
    int popped = 0;
    for (Peer peer = timers.due(10_000); peer != null; peer = timers.due(10_000)) {
      assertEquals(true, timers.deadlineOf(peer) >= previous, "in order of deadline");
      previous = timers.deadlineOf(peer);
      timers.remove(peer);
      assertEquals(-1, peer.timerIndex);
      popped++;
    }
    assertEquals(scheduled, popped);
  }

  /**
   * Ten thousand peers that connect and go, a few at a time: the heap ends empty, every peer that
   * left knows it has no place in it, and a peer scheduled afterwards is the only one due.
   */
  @Test
  void tenThousandChurnsLeaveNoPeerBehind() {
    Random random = new Random(11);
    List<Peer> live = new ArrayList<>();
    List<Peer> gone = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      Peer peer = peer(i);
      timers.schedule(peer, random.nextInt(1_000));
      live.add(peer);
      if (live.size() > 8) {
        Peer leaving = live.remove(random.nextInt(live.size()));
        timers.remove(leaving);
        gone.add(leaving);
      }
    }
    gone.addAll(live);
    for (Peer peer : live) {
      timers.remove(peer);
    }
    assertEquals(0, timers.size());
    assertNull(timers.due(1_000));
    for (Peer peer : gone) {
      assertEquals(-1, peer.timerIndex, peer + " left but kept a place");
    }

    Peer next = peer(10_000);
    timers.schedule(next, 5);
    assertSame(next, timers.due(1_000));
    timers.remove(next);
    assertNull(timers.due(1_000));
  }
}
