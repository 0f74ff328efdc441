package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Alert;
import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.NavalAttack;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import dev.herald.bridge.Bridge;
import dev.herald.bridge.Forwarder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;

/**
 * Attack on PlainPosts.broadcastDue reusing the last plain post's cached calls: interleaved plain
 * posts and due messages of several classes, handlers added and closed between send and run, hidden
 * only classes, subclasses, and three threads at once.
 */
class DueCacheAttackTest {
  private static final Header DUE = Header.builder().stage(Stage.UPDATE).build();

  static final class EventLog {
    final List<String> log;
    final String name;

    EventLog(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Subscribe
    void on(Event event) {
      log.add(name + ":" + event);
    }
  }

  static final class PingLog {
    final List<String> log;
    final String name;

    PingLog(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Subscribe
    void on(Ping ping) {
      log.add(name + ":" + ping.number);
    }
  }

  static final class AttackLog {
    final List<String> log;

    AttackLog(List<String> log) {
      this.log = log;
    }

    @Subscribe
    void on(Attack attack) {
      log.add("attack:" + attack);
    }
  }

  static final class AlertLog {
    final List<String> log;

    AlertLog(List<String> log) {
      this.log = log;
    }

    @Subscribe
    void on(Alert alert) {
      log.add("alert:" + alert);
    }
  }

  private static void bounded(Runnable body) {
    assertTimeoutPreemptively(Duration.ofSeconds(30), body::run);
  }

  @Test
  void closedBetweenSendAndRunIsNotCalledThoughCached() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          Registration a1 = bus.register(new EventLog("a1", log));
          bus.register(new EventLog("a2", log));
          bus.post(new Event("p1")); // caches Event's calls
          bus.post(new Event("d1"), DUE);
          a1.close();
          bus.post(new Ping(0)); // nobody: another class, different cache
          bus.post(new Event("p2")); // caches Event's calls again, without a1
          bus.post(new Event("d2"), DUE);
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("a1:p1", "a2:p1", "a2:p2", "a2:d1", "a2:d2"), log);
        });
  }

  @Test
  void closedAfterTheCachingPostIsNotCalledByTheRun() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          Registration a1 = bus.register(new EventLog("a1", log));
          bus.register(new EventLog("a2", log));
          bus.post(new Event("d1"), DUE);
          bus.post(new Event("p1")); // caches Event's calls with a1
          a1.close(); // the cache must not keep calling a1
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("a1:p1", "a2:p1", "a2:d1"), log);
        });
  }

  @Test
  void addedAfterTheCachingPostIsCalledByTheRun() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          bus.register(new EventLog("a1", log));
          bus.post(new Event("d1"), DUE);
          bus.post(new Event("p1")); // caches Event's calls without a2
          bus.register(new EventLog("a2", log));
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("a1:p1", "a1:d1", "a2:d1"), log);
        });
  }

  @Test
  void interleavedClassesAcrossManyRuns() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          List<String> expected = new ArrayList<>();
          bus.register(new PingLog("b", log));
          Registration[] regs = new Registration[3];
          for (int round = 0; round < 60; round++) {
            int slot = round % 3;
            // toggle one Event handler each round: between the plain post and the run
            bus.post(new Event("p" + round));
            for (int s = 0; s < 3; s++) {
              if (regs[s] != null) {
                expected.add("a" + s + ":p" + round);
              }
            }
            bus.post(new Ping(round), DUE);
            bus.post(new Event("d" + round), DUE);
            bus.post(new Ping(-round), DUE);
            if (regs[slot] == null) {
              regs[slot] = bus.register(new EventLog("a" + slot, log));
            } else {
              regs[slot].close();
              regs[slot] = null;
            }
            bus.post(new Event("q" + round)); // re-caches Event with the new handlers
            for (int s = 0; s < 3; s++) {
              if (regs[s] != null) {
                expected.add("a" + s + ":q" + round);
              }
            }
            bus.runStage(Stage.UPDATE);
            expected.add("b:" + round);
            for (int s = 0; s < 3; s++) {
              if (regs[s] != null) {
                expected.add("a" + s + ":d" + round);
              }
            }
            expected.add("b:" + -round);
          }
          assertEquals(expected, log);
        });
  }

  @Test
  void aHandlerClosingAnotherDuringADueRunOfCachedCalls() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          AtomicReference<Registration> second = new AtomicReference<>();
          bus.subscribe(
              Event.class,
              e -> {
                log.add("first:" + e);
                if (e.name.equals("d1")) {
                  second.get().close();
                }
              });
          second.set(bus.subscribe(Event.class, e -> log.add("second:" + e)));
          bus.post(new Event("p"));
          bus.post(new Event("d1"), DUE);
          bus.post(new Event("d2"), DUE);
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("first:p", "second:p", "first:d1", "first:d2"), log);
        });
  }

  private static Forwarder<Event> forwarder(List<String> log) {
    return new Forwarder<Event>() {
      @Override
      public void forward(Event event) {
        log.add("forward:" + event);
      }

      @Override
      public List<?> forwardRequest(Event event) {
        return List.of();
      }
    };
  }

  @Test
  void onlyHiddenClassIsDeadEveryTimeAcrossCachedPosts() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          List<DeadMessage> dead = new ArrayList<>();
          bus.subscribe(DeadMessage.class, dead::add);
          Bridge.of(bus).forward(Event.class, forwarder(log));
          bus.register(new PingLog("b", log));
          for (int i = 0; i < 3; i++) {
            bus.post(new Event("p" + i));
            bus.post(new Event("d" + i), DUE);
            bus.post(new Ping(i), DUE);
            bus.post(new Event("e" + i), DUE);
            bus.runStage(Stage.UPDATE);
          }
          assertEquals(
              List.of(
                  "forward:p0",
                  "forward:d0",
                  "b:0",
                  "forward:e0",
                  "forward:p1",
                  "forward:d1",
                  "b:1",
                  "forward:e1",
                  "forward:p2",
                  "forward:d2",
                  "b:2",
                  "forward:e2"),
              log);
          List<String> deadNames = new ArrayList<>();
          for (DeadMessage d : dead) {
            deadNames.add(d.message() + (d.envelope() == null ? ":post" : ":due"));
          }
          assertEquals(
              List.of(
                  "p0:post", "d0:due", "e0:due", "p1:post", "d1:due", "e1:due", "p2:post", "d2:due",
                  "e2:due"),
              deadNames);
          assertEquals(9, bus.statistics().deadMessages());
        });
  }

  @Test
  void visibleHandlerLeavingTurnsACachedClassHiddenOnly() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          List<Object> dead = new ArrayList<>();
          bus.subscribe(DeadMessage.class, d -> dead.add(d.message().toString()));
          Bridge.of(bus).forward(Event.class, forwarder(log));
          Registration visible = bus.register(new EventLog("v", log));
          bus.post(new Event("p")); // caches Event: forwarder plus v
          bus.post(new Event("d1"), DUE);
          visible.close();
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("forward:p", "v:p", "forward:d1"), log);
          assertEquals(List.of("d1"), dead);
          // and back: visible again, no dead message
          bus.register(new EventLog("w", log));
          bus.post(new Event("d2"), DUE);
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("forward:p", "v:p", "forward:d1", "forward:d2", "w:d2"), log);
          assertEquals(List.of("d1"), dead);
        });
  }

  @Test
  void nobodyAtAllWhileAnotherClassIsCached() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          List<DeadMessage> dead = new ArrayList<>();
          bus.subscribe(DeadMessage.class, dead::add);
          bus.register(new EventLog("a", log));
          bus.post(new Event("p"));
          bus.post(new Ping(7), DUE);
          bus.runStage(Stage.UPDATE);
          assertEquals(List.of("a:p"), log);
          assertEquals(1, dead.size());
          assertTrue(dead.get(0).message() instanceof Ping);
          assertNotNull(dead.get(0).envelope());
          bus.post(new Event("p2")); // after the DeadMessage post took the cache
          assertEquals(List.of("a:p", "a:p2"), log);
        });
  }

  @Test
  void subclassDueWhileBaseIsCached() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          bus.register(new EventLog("e", log));
          bus.register(new AttackLog(log));
          bus.register(new AlertLog(log));
          bus.post(new Event("p")); // caches Event's calls: only e
          bus.post(new Attack("a1"), DUE);
          bus.post(new Event("d"), DUE);
          bus.post(new NavalAttack("n1"), DUE);
          bus.runStage(Stage.UPDATE);
          List<String> sorted = new ArrayList<>(log);
          assertEquals(
              List.of(
                  "e:p", "e:a1", "attack:a1", "alert:a1", "e:d", "e:n1", "attack:n1", "alert:n1"),
              normalizeGroups(sorted));
        });
  }

  /** Handler order within one message is not this test's concern: sort each message's group. */
  private static List<String> normalizeGroups(List<String> log) {
    List<String> out = new ArrayList<>();
    List<String> group = new ArrayList<>();
    String current = null;
    for (String entry : log) {
      String msg = entry.substring(entry.indexOf(':') + 1);
      if (!msg.equals(current)) {
        flush(group, out);
        current = msg;
      }
      group.add(entry);
    }
    flush(group, out);
    return out;
  }

  private static void flush(List<String> group, List<String> out) {
    group.sort(
        (x, y) -> Integer.compare(rank(x), rank(y)) != 0 ? Integer.compare(rank(x), rank(y)) : 0);
    out.addAll(group);
    group.clear();
  }

  private static int rank(String entry) {
    return entry.startsWith("e:") ? 0 : entry.startsWith("attack:") ? 1 : 2;
  }

  @Test
  void supertypeHandlerAddedAfterSubclassIsCached() {
    bounded(
        () -> {
          MessageBus bus = MessageBus.create();
          List<String> log = new ArrayList<>();
          bus.register(new AttackLog(log));
          bus.post(new Attack("p")); // caches Attack's calls
          bus.post(new Attack("d1"), DUE);
          bus.register(new AlertLog(log)); // an interface handler: must join Attack's calls
          bus.runStage(Stage.UPDATE);
          bus.post(new Attack("p2"));
          bus.post(new Attack("d2"), DUE);
          bus.register(new EventLog("e", log)); // a superclass handler
          bus.runStage(Stage.UPDATE);
          assertEquals(
              List.of(
                  "attack:p",
                  "attack:d1",
                  "alert:d1",
                  "attack:p2",
                  "alert:p2",
                  "e:d2",
                  "attack:d2",
                  "alert:d2"),
              normalizeGroups(log));
        });
  }

  @Test
  void threeThreadsNoLossNoDuplication() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          MessageBus bus = MessageBus.create();
          int posts = 20_000;
          int dues = 20_000;
          AtomicInteger aSeen = new AtomicInteger();
          AtomicInteger bSeen = new AtomicInteger();
          AtomicReferenceArray<Integer> aCounts = new AtomicReferenceArray<>(posts);
          int[] bCounts = new int[dues];
          ConcurrentHashMap<String, Integer> flipperDup = new ConcurrentHashMap<>();
          AtomicBoolean flipperAfterClose = new AtomicBoolean();
          AtomicReference<Throwable> error = new AtomicReference<>();
          bus.subscribe(
              Event.class,
              e -> {
                aSeen.incrementAndGet();
                int n = Integer.parseInt(e.name);
                aCounts.accumulateAndGet(n, 1, (x, y) -> x == null ? y : x + y);
              });
          bus.subscribe(
              Ping.class,
              p -> {
                bSeen.incrementAndGet();
                bCounts[p.number]++; // only the stage thread delivers Pings
              });
          AtomicBoolean stop = new AtomicBoolean();
          CountDownLatch start = new CountDownLatch(1);
          Thread poster =
              new Thread(
                  () -> {
                    try {
                      start.await();
                      for (int i = 0; i < posts; i++) {
                        bus.post(new Event(Integer.toString(i)));
                      }
                    } catch (Throwable t) {
                      error.compareAndSet(null, t);
                    }
                  });
          Thread stager =
              new Thread(
                  () -> {
                    try {
                      start.await();
                      for (int i = 0; i < dues; ) {
                        for (int k = 0; k < 50 && i < dues; k++, i++) {
                          bus.post(new Ping(i), DUE);
                        }
                        bus.runStage(Stage.UPDATE);
                      }
                    } catch (Throwable t) {
                      error.compareAndSet(null, t);
                    }
                  });
          Thread flipper =
              new Thread(
                  () -> {
                    try {
                      start.await();
                      int gen = 0;
                      while (!stop.get()) {
                        int g = gen++;
                        AtomicBoolean closed = new AtomicBoolean();
                        Registration a =
                            bus.subscribe(
                                Event.class,
                                e -> {
                                  if (flipperDup.put(g + "/" + e.name, 1) != null) {
                                    error.compareAndSet(
                                        null, new AssertionError("dup event " + g + "/" + e));
                                  }
                                });
                        Registration b =
                            bus.subscribe(
                                Ping.class,
                                p -> {
                                  if (closed.get()) {
                                    flipperAfterClose.set(true);
                                  }
                                  if (flipperDup.put(g + "/p" + p.number, 1) != null) {
                                    error.compareAndSet(
                                        null, new AssertionError("dup ping " + g + "/" + p.number));
                                  }
                                });
                        a.close();
                        b.close();
                        closed.set(true);
                      }
                    } catch (Throwable t) {
                      error.compareAndSet(null, t);
                    }
                  });
          poster.start();
          stager.start();
          flipper.start();
          start.countDown();
          poster.join();
          stager.join();
          stop.set(true);
          flipper.join();
          assertNull(error.get(), () -> String.valueOf(error.get()));
          assertEquals(posts, aSeen.get());
          assertEquals(dues, bSeen.get());
          for (int i = 0; i < posts; i++) {
            assertEquals(1, aCounts.get(i), "event " + i);
          }
          for (int i = 0; i < dues; i++) {
            assertEquals(1, bCounts[i], "ping " + i);
          }
          // Pings are delivered only on the stage thread; a closed handler is called there
          // only if close raced a delivery already begun, which the flipper cannot tell apart.
          // So flipperAfterClose is not asserted; duplicates and loss are.
          assertEquals(0, bus.pendingCount());
        });
  }
}
