package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plain post calls neighbouring handlers of one listener class with one loop compiled for that
 * class: docs/DESIGN.md rules 3, 5 and 6 hold inside such a run as they do between single calls.
 */
class RunsOfOneClassTest {
  private final List<String> log = new ArrayList<>();
  private final List<Throwable> errors = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();

  /** Records, then throws what it was given, if anything. */
  static final class Member {
    final List<String> log;
    final String name;
    RuntimeException toThrow;
    Runnable action = () -> {};

    Member(List<String> log, String name) {
      this.log = log;
      this.name = name;
    }

    @Subscribe
    void on(Event event) {
      log.add(name + ":" + event.name);
      action.run();
      if (toThrow != null) {
        throw toThrow;
      }
    }
  }

  /** Another class, so that runs of {@link Member} have neighbours of their own. */
  static final class Outsider {
    final List<String> log;

    Outsider(List<String> log) {
      this.log = log;
    }

    @Subscribe
    void on(Event event) {
      log.add("outsider:" + event.name);
    }
  }

  private List<Member> members(int count) {
    List<Member> members = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Member member = new Member(log, "m" + i);
      members.add(member);
      bus.register(member);
    }
    return members;
  }

  /** Fails unless a plain post of an {@link Event} on {@code on} makes its calls as runs. */
  private static void assertPostedAsRuns(MessageBus on) {
    DirectCalls direct = on.registry.handlersFor(on.registry.everyone(), Event.class).directCalls();
    assertNotNull(direct, "every handler of Event may simply be called");
    assertNotNull(direct.runEnds, "the calls of Event are made as runs");
  }

  @Test
  void everyListenerOfARunReceivesOnceInOrder() {
    members(10);
    assertPostedAsRuns(bus);

    int ran = bus.post(new Event("e"));

    assertEquals(10, ran);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      expected.add("m" + i + ":e");
    }
    assertEquals(expected, log);
  }

  @Test
  void aFailureInTheMiddleOfARunIsReportedAndTheRestStillReceive() {
    List<Member> members = members(5);
    assertPostedAsRuns(bus);
    IllegalStateException boom = new IllegalStateException("boom");
    members.get(2).toThrow = boom;

    int ran = bus.post(new Event("e"));

    assertEquals(5, ran);
    assertEquals(List.of("m0:e", "m1:e", "m2:e", "m3:e", "m4:e"), log);
    assertEquals(1, errors.size());
    assertSame(boom, errors.get(0));
  }

  @Test
  void everyFailureOfARunIsReportedOnceAndCountedAsRun() {
    List<Member> members = members(4);
    assertPostedAsRuns(bus);
    for (Member member : members) {
      member.toThrow = new IllegalStateException(member.name);
    }

    int ran = bus.post(new Event("e"));

    assertEquals(4, ran);
    assertEquals(4, errors.size());
    assertEquals("m3", errors.get(3).getMessage());
    assertEquals(0, bus.statistics().deadMessages());
  }

  @Test
  void aRethrowingErrorHandlerStopsTheRunAtTheFailureAsItStopsAnyPost() {
    MessageBus strict = TestBuses.rethrowing();
    List<Member> members = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Member member = new Member(log, "m" + i);
      members.add(member);
      strict.register(member);
    }
    assertPostedAsRuns(strict);
    IllegalStateException stop = new IllegalStateException("stop");
    members.get(1).toThrow = stop;

    RuntimeException thrown =
        assertThrows(RuntimeException.class, () -> strict.post(new Event("e")));

    assertSame(stop, thrown);
    assertEquals(List.of("m0:e", "m1:e"), log);
  }

  @Test
  void aListenerClosedByAnEarlierOneOfItsRunIsNotCalled() {
    List<Member> members = members(4);
    assertPostedAsRuns(bus);
    members.get(0).action = () -> bus.unregister(members.get(2));

    int ran = bus.post(new Event("e"));

    assertEquals(3, ran);
    assertEquals(List.of("m0:e", "m1:e", "m3:e"), log);
  }

  @Test
  void aRunWhoseOthersAllLeftMidDispatchIsNotADeadMessage() {
    List<Member> members = members(4);
    assertPostedAsRuns(bus);
    members.get(0).action =
        () -> {
          for (Member other : members.subList(1, 4)) {
            bus.unregister(other);
          }
        };

    int ran = bus.post(new Event("e"));

    assertEquals(1, ran);
    assertEquals(List.of("m0:e"), log);
    assertEquals(0, bus.statistics().deadMessages());
  }

  @Test
  void aListenerAddedByARunIsCalledForThatMessageAfterTheOthers() {
    List<Member> members = members(4);
    assertPostedAsRuns(bus);
    Member late = new Member(log, "late");
    members.get(1).action = () -> bus.register(late);

    int ran = bus.post(new Event("e"));

    assertEquals(5, ran);
    assertEquals(List.of("m0:e", "m1:e", "m2:e", "m3:e", "late:e"), log);
  }

  @Test
  void runsOfDifferentClassesFollowTheOrderOfRegistration() {
    members(10);
    bus.register(new Outsider(log));
    Member last = new Member(log, "last");
    bus.register(last);
    last.toThrow = new IllegalStateException("last");
    assertPostedAsRuns(bus);

    int ran = bus.post(new Event("e"));

    assertEquals(12, ran);
    assertEquals(List.of("m9:e", "outsider:e", "last:e"), log.subList(9, 12));
    assertEquals("m0:e", log.get(0));
    assertEquals(1, errors.size());
  }

  @Test
  void aPostFromInsideARunIsDeliveredDepthFirst() {
    List<Member> members = members(4);
    assertPostedAsRuns(bus);
    members.get(0).action =
        () -> {
          if (log.size() == 1) {
            bus.post(new Event("n"));
          }
        };

    bus.post(new Event("e"));

    assertEquals(List.of("m0:e", "m0:n", "m1:n", "m2:n", "m3:n", "m1:e", "m2:e", "m3:e"), log);
  }

  @Test
  void weakListenersOfOneClassReceiveAsARun() {
    List<Member> kept = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Member member = new Member(log, "w" + i);
      kept.add(member);
      bus.registerWeakly(member);
    }
    assertPostedAsRuns(bus);

    int ran = bus.post(new Event("e"));

    assertEquals(4, ran);
    assertEquals(List.of("w0:e", "w1:e", "w2:e", "w3:e"), log);
    assertEquals(4, kept.size());
  }

  @Test
  void shortRunsAreMadeAsSingleCallsAndDeliverAlike() {
    members(2);
    bus.register(new Outsider(log));
    members(1);

    int ran = bus.post(new Event("e"));

    assertNull(
        bus.registry.handlersFor(bus.registry.everyone(), Event.class).directCalls().runEnds);
    assertEquals(4, ran);
    assertEquals(List.of("m0:e", "m1:e", "outsider:e", "m0:e"), log);
  }
}
