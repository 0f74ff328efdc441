package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Attacks on runs of one class: each scenario is played twice, once with four listeners of one
 * class (the calls made as runs) and once with the same four alternating between two classes of the
 * same code (runs of one: single calls). What the program sees must be the same.
 */
class RunsAttackTest {

  /** The listener's behaviour; two subclasses with their own dispatchers. */
  abstract static class Member {
    final List<String> log;
    final String name;
    Runnable action = () -> {};
    RuntimeException toThrow;

    Member(List<String> log, String name) {
      this.log = log;
      this.name = name;
    }

    final void handle(Event event) {
      log.add(name + ":" + event.name);
      action.run();
      if (toThrow != null) {
        throw toThrow;
      }
    }
  }

  static final class A extends Member {
    A(List<String> log, String name) {
      super(log, name);
    }

    @Subscribe
    void on(Event event) {
      handle(event);
    }
  }

  static final class B extends Member {
    B(List<String> log, String name) {
      super(log, name);
    }

    @Subscribe
    void on(Event event) {
      handle(event);
    }
  }

  static final class DeadLog {
    final List<String> log;

    DeadLog(List<String> log) {
      this.log = log;
    }

    @Subscribe
    void on(DeadMessage dead) {
      log.add("dead:" + ((Event) dead.message()).name);
    }
  }

  /** A world for one play of a scenario. */
  static final class World {
    final List<String> log = new ArrayList<>();
    final List<String> errors = new ArrayList<>();
    final MessageBus bus;
    final boolean asRuns;
    final List<Member> members = new ArrayList<>();
    final List<Registration> registrations = new ArrayList<>();

    World(boolean asRuns, boolean rethrow) {
      this.asRuns = asRuns;
      this.bus =
          MessageBus.builder()
              .errorHandler(
                  (error, context) -> {
                    errors.add(error.getMessage());
                    if (rethrow) {
                      throw (RuntimeException) error;
                    }
                  })
              .build();
    }

    Member make(String name) {
      return asRuns || members.size() % 2 == 0 ? new A(log, name) : new B(log, name);
    }

    void members(int count) {
      for (int i = 0; i < count; i++) {
        Member member = make("m" + i);
        members.add(member);
        registrations.add(bus.register(member));
      }
    }

    void assertShape() {
      DirectCalls direct =
          bus.registry.handlersFor(bus.registry.everyone(), Event.class).directCalls();
      assertNotNull(direct);
      if (asRuns) {
        assertNotNull(direct.runEnds, "made as runs");
      } else {
        assertNull(direct.runEnds, "made as single calls");
      }
    }

    String post(String name) {
      try {
        return "ran " + bus.post(new Event(name));
      } catch (RuntimeException thrown) {
        return "threw " + thrown.getClass().getSimpleName() + " " + thrown.getMessage();
      }
    }

    String outcome(String result) {
      return result
          + " log="
          + log
          + " errors="
          + errors
          + " dead="
          + bus.statistics().deadMessages()
          + " failures="
          + bus.statistics().handlerFailures();
    }
  }

  private static void assertSameInBoth(boolean rethrow, BiFunction<World, Boolean, String> play) {
    World runs = new World(true, rethrow);
    World single = new World(false, rethrow);
    String asRuns = runs.outcome(play.apply(runs, true));
    String asSingle = single.outcome(play.apply(single, false));
    assertEquals(asSingle, asRuns, "runs disagree with single calls");
  }

  @Test
  void aListenerReRegisteringItselfMidRun() {
    assertSameInBoth(
        false,
        (w, runs) -> {
          w.members(4);
          w.assertShape();
          Member first = w.members.get(0);
          first.action =
              () -> {
                if (w.log.size() == 1) {
                  w.registrations.get(0).close();
                  w.bus.register(first);
                }
              };
          String one = w.post("e");
          String two = w.post("f");
          return one + "/" + two;
        });
  }

  @Test
  void aLaterListenerClosedAndReRegisteredMidRun() {
    assertSameInBoth(
        false,
        (w, runs) -> {
          w.members(4);
          Member third = w.members.get(2);
          w.members.get(0).action =
              () -> {
                if (w.log.size() == 1) {
                  w.registrations.get(2).close();
                  w.bus.register(third);
                }
              };
          return w.post("e") + "/" + w.post("f");
        });
  }

  @Test
  void anEarlierListenerClosedByALaterOneMidRun() {
    assertSameInBoth(
        false,
        (w, runs) -> {
          w.members(5);
          w.members.get(3).action = () -> w.registrations.get(0).close();
          return w.post("e") + "/" + w.post("f");
        });
  }

  @Test
  void everyListenerClosedMidRunByTheFirstAfterItFailed() {
    assertSameInBoth(
        false,
        (w, runs) -> {
          w.bus.register(new DeadLog(w.log));
          w.members(4);
          w.members.get(0).toThrow = new IllegalStateException("boom");
          w.members.get(0).action =
              () -> {
                for (Registration r : w.registrations) {
                  r.close();
                }
              };
          return w.post("e") + "/" + w.post("f");
        });
  }

  @Test
  void failuresEverywhereWithARethrowingHandler() {
    assertSameInBoth(
        true,
        (w, runs) -> {
          w.members(6);
          w.members.get(2).toThrow = new IllegalStateException("two");
          w.members.get(4).toThrow = new IllegalStateException("four");
          String first = w.post("e");
          w.members.get(2).toThrow = null;
          return first + "/" + w.post("f") + "/" + w.post("g");
        });
  }

  @Test
  void aNestedPostThatFailsInsideARunWithARethrowingHandler() {
    assertSameInBoth(
        true,
        (w, runs) -> {
          w.members(4);
          w.members.get(1).action =
              () -> {
                if (w.log.size() == 2) {
                  w.members.get(3).toThrow = new IllegalStateException("inner");
                  try {
                    w.bus.post(new Event("n"));
                  } finally {
                    w.members.get(3).toThrow = null;
                  }
                }
              };
          return w.post("e") + "/" + w.post("f");
        });
  }

  @Test
  void weakListenersOfTheRunCollectedBeforeThePostMakeItDead() {
    GarbageCollection.assumeExplicitGcWorks();
    assertSameInBoth(
        false,
        (w, runs) -> {
          w.bus.register(new DeadLog(w.log));
          AtomicInteger made = new AtomicInteger();
          List<java.lang.ref.WeakReference<Member>> refs = new ArrayList<>();
          // every weak call is a WeakCall whatever its listener's class: four make one run,
          // three are made as single calls
          for (int i = 0; i < (runs ? 4 : 3); i++) {
            Member m = w.make("w" + made.getAndIncrement());
            w.members.add(m);
            refs.add(new java.lang.ref.WeakReference<>(m));
            w.bus.registerWeakly(m);
          }
          if (runs) {
            w.assertShape();
          }
          w.members.clear();
          GarbageCollection.collectUntil(() -> refs.stream().allMatch(r -> r.get() == null));
          return w.post("e") + "/" + w.post("f");
        });
  }

  /**
   * Listeners registered throughout receive each post exactly once, whatever else comes and goes.
   */
  @Test
  void concurrentPostsWhileListenersOfTheSameClassComeAndGo() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          MessageBus bus = MessageBus.create();
          int stable = 6;
          AtomicInteger[] counts = new AtomicInteger[stable];
          for (int i = 0; i < stable; i++) {
            AtomicInteger count = new AtomicInteger();
            counts[i] = count;
            A member = new A(new ArrayList<>(), "s" + i);
            member.action = count::incrementAndGet;
            // the log is not thread-safe: keep it from growing by swapping handle's log use
            bus.register(new Counting(count));
          }
          int posters = 3;
          int postsEach = 20_000;
          AtomicBoolean stop = new AtomicBoolean();
          List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
          Thread churn =
              new Thread(
                  () -> {
                    try {
                      while (!stop.get()) {
                        Registration a = bus.register(new Counting(new AtomicInteger()));
                        Registration b = bus.registerWeakly(new Counting(new AtomicInteger()));
                        a.close();
                        b.close();
                      }
                    } catch (Throwable t) {
                      failures.add(t);
                    }
                  });
          churn.start();
          CountDownLatch start = new CountDownLatch(1);
          List<Thread> threads = new ArrayList<>();
          for (int p = 0; p < posters; p++) {
            Thread t =
                new Thread(
                    () -> {
                      try {
                        start.await();
                        for (int i = 0; i < postsEach; i++) {
                          bus.post(new Event("c"));
                        }
                      } catch (Throwable t2) {
                        failures.add(t2);
                      }
                    });
            threads.add(t);
            t.start();
          }
          start.countDown();
          for (Thread t : threads) {
            t.join();
          }
          stop.set(true);
          churn.join();
          assertEquals(List.of(), failures);
          for (int i = 0; i < stable; i++) {
            assertEquals(posters * postsEach, counts[i].get(), "stable listener " + i);
          }
          assertEquals(0, bus.statistics().deadMessages());
        });
  }

  static final class Counting {
    final AtomicInteger count;

    Counting(AtomicInteger count) {
      this.count = count;
    }

    @Subscribe
    void on(Event event) {
      count.incrementAndGet();
    }
  }
}
