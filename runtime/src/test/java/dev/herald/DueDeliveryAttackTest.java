package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import dev.herald.bridge.Bridge;
import dev.herald.bridge.Forwarder;
import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * Differential attack on due plain broadcasts (PlainPosts.broadcastDue): each scenario runs the
 * same message three ways and compares what handlers saw, what was counted, what died:
 *
 * <ul>
 *   <li>POST: {@code post(message)} at once;
 *   <li>DUE: header stage UPDATE, delayFrames(1): a plain broadcast, the new direct path;
 *   <li>FULL: the same plus a tag no handler has ({@code tags("zz")}): untagged handlers receive it
 *       either way, but the header is not a plain broadcast, so Router.deliverQueued delivers.
 * </ul>
 *
 * Envelopes are logged as whether their sentFrame/sentNanos are the send's (the ticker and frame
 * move between the send and the run), not by value, so POST compares too.
 */
class DueDeliveryAttackTest {
  enum Mode {
    POST,
    DUE,
    FULL
  }

  static final class Outcome {
    final List<String> log = new ArrayList<>();
    long deadMessages;
    long handlerFailures;
    String thrown;
    int pendingAfter;
    int errors;

    @Override
    public String toString() {
      return "log="
          + log
          + " dead="
          + deadMessages
          + " failures="
          + handlerFailures
          + " errors="
          + errors
          + " thrown="
          + thrown
          + " pending="
          + pendingAfter;
    }
  }

  /** What the scenario sets up: bus, log, and the send's frame and time to compare envelopes. */
  static final class World {
    final MessageBus bus;
    final List<String> log;
    long sendFrame;
    long sendNanos;

    World(MessageBus bus, List<String> log) {
      this.bus = bus;
      this.log = log;
    }

    String env(String who, Envelope envelope) {
      return who
          + ":frameOfSend="
          + (envelope.sentFrame() == sendFrame)
          + ",timeOfSend="
          + (envelope.sentNanos() == sendNanos)
          + ",from="
          + envelope.from()
          + ",msg="
          + envelope.message();
    }
  }

  static Header header(Mode mode) {
    Header.Builder builder = Header.builder().stage(Stage.UPDATE).delayFrames(1);
    if (mode == Mode.FULL) {
      builder.tags("zz");
    }
    return builder.build();
  }

  static Outcome run(
      boolean rethrowing,
      NestedPosts order,
      Mode mode,
      BiConsumer<World, MessageBus> setUp,
      Object message) {
    Outcome outcome = new Outcome();
    ManualTicker ticker = new ManualTicker();
    ticker.advanceNanos(1000);
    MessageBus.Builder builder =
        MessageBus.builder().ticker(ticker).nestedPosts(order).executor(Runnable::run);
    List<Throwable> errors = new ArrayList<>();
    builder.errorHandler(
        (error, context) -> {
          errors.add(error);
          outcome.log.add("error:" + error.getMessage());
          if (rethrowing) {
            ErrorHandler.rethrowing().handle(error, context);
          }
        });
    MessageBus bus = builder.build();
    World world = new World(bus, outcome.log);
    bus.subscribe(
        DeadMessage.class,
        dead ->
            outcome.log.add(
                "dead:"
                    + dead.message()
                    + (dead.envelope() == null
                        ? ":noEnvelope"
                        : ":" + world.env("env", dead.envelope()))));
    setUp.accept(world, bus);
    try {
      if (mode == Mode.POST) {
        bus.endFrame();
        ticker.advanceNanos(500);
        world.sendFrame = bus.frame();
        world.sendNanos = ticker.nanoTime();
        bus.post(message);
      } else {
        world.sendFrame = bus.frame();
        world.sendNanos = ticker.nanoTime();
        bus.post(message, header(mode));
        bus.endFrame();
        ticker.advanceNanos(500);
        assertEquals(1, bus.pendingCount());
        bus.runStage(Stage.UPDATE);
      }
    } catch (RuntimeException e) {
      outcome.thrown = e.getClass().getSimpleName() + ":" + e.getMessage();
    }
    outcome.deadMessages = bus.statistics().deadMessages();
    outcome.handlerFailures = bus.statistics().handlerFailures();
    outcome.pendingAfter = bus.pendingCount();
    outcome.errors = errors.size();
    return outcome;
  }

  /** DUE must equal FULL exactly; and POST in what handlers and counters saw. */
  static void compare(boolean rethrowing, NestedPosts order, BiConsumer<World, MessageBus> setUp) {
    compare(rethrowing, order, setUp, true);
  }

  static void compare(
      boolean rethrowing,
      NestedPosts order,
      BiConsumer<World, MessageBus> setUp,
      boolean alsoPost) {
    assertTimeoutPreemptively(
        Duration.ofSeconds(20),
        () -> {
          Outcome due = run(rethrowing, order, Mode.DUE, setUp, new Event("m"));
          Outcome full = run(rethrowing, order, Mode.FULL, setUp, new Event("m"));
          assertEquals(full.toString(), due.toString(), "due plain broadcast vs full path");
          if (alsoPost) {
            Outcome post = run(rethrowing, order, Mode.POST, setUp, new Event("m"));
            assertEquals(
                post.log.stream().filter(s -> !s.startsWith("dead:")).toList(),
                due.log.stream().filter(s -> !s.startsWith("dead:")).toList(),
                "due vs post: handlers");
            assertEquals(post.deadMessages, due.deadMessages, "due vs post: dead count");
            assertEquals(post.handlerFailures, due.handlerFailures, "due vs post: failures");
            assertEquals(post.thrown, due.thrown, "due vs post: thrown");
          }
        });
  }

  // ---- scenarios ----

  static final class Named {
    final String name;
    final World world;
    Runnable action = () -> {};

    Named(String name, World world) {
      this.name = name;
      this.world = world;
    }

    @Subscribe
    void on(Event event) {
      world.log.add(name + ":" + event);
      action.run();
    }
  }

  static final class AsyncListener {
    final World world;

    AsyncListener(World world) {
      this.world = world;
    }

    @Subscribe(async = true)
    void on(Event event, Envelope envelope) {
      world.log.add(world.env("async", envelope));
    }
  }

  static final class WithEnvelope {
    final String name;
    final World world;

    WithEnvelope(String name, World world) {
      this.name = name;
      this.world = world;
    }

    @Subscribe
    void on(Event event, Envelope envelope) {
      world.log.add(world.env(name, envelope));
    }
  }

  static final class Failing {
    final String name;
    final World world;

    Failing(String name, World world) {
      this.name = name;
      this.world = world;
    }

    @Subscribe
    void on(Event event) {
      world.log.add(name + ":" + event);
      throw new IllegalStateException("boom-" + name);
    }
  }

  @Test
  void threeHandlersTheSecondFails() {
    for (boolean rethrowing : new boolean[] {false, true}) {
      compare(
          rethrowing,
          NestedPosts.DEPTH_FIRST,
          (w, bus) -> {
            bus.register(new Named("a", w));
            bus.register(new Failing("b", w));
            bus.register(new Named("c", w));
          });
    }
  }

  @Test
  void runOfFiveListenersOfOneClassWithOneFailing() {
    for (boolean rethrowing : new boolean[] {false, true}) {
      compare(
          rethrowing,
          NestedPosts.DEPTH_FIRST,
          (w, bus) -> {
            for (int i = 0; i < 5; i++) {
              Named named = new Named("n" + i, w);
              if (i == 2) {
                named.action =
                    () -> {
                      throw new IllegalStateException("boom-n2");
                    };
              }
              bus.register(named);
            }
          });
    }
  }

  @Test
  void runWhereAHandlerClosesALaterOneAndAddsOneTakingAnEnvelope() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          List<Registration> regs = new ArrayList<>();
          for (int i = 0; i < 5; i++) {
            Named named = new Named("n" + i, w);
            if (i == 1) {
              named.action =
                  () -> {
                    regs.get(3).close();
                    bus.register(new WithEnvelope("added", w));
                  };
            }
            regs.add(bus.register(named));
          }
        });
  }

  @Test
  void handlerClosesTheOthersAndTheOnlyLeftDies() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          List<Registration> regs = new ArrayList<>();
          Named first = new Named("first", w);
          first.action =
              () -> {
                for (Registration r : regs) {
                  r.close();
                }
              };
          regs.add(bus.register(first));
          regs.add(bus.register(new Named("second", w)));
        });
  }

  @Test
  void handlerAddsHandlersMidDeliveryIncludingOneWithAnEnvelope() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          Named first = new Named("first", w);
          first.action =
              () -> {
                bus.register(new WithEnvelope("addedEnv", w));
                bus.register(new Named("addedPlain", w));
              };
          bus.register(first);
        });
  }

  @Test
  void firstHandlerFailsAndTheSecondAddsOneWithAnEnvelope() {
    for (boolean rethrowing : new boolean[] {false, true}) {
      compare(
          rethrowing,
          NestedPosts.DEPTH_FIRST,
          (w, bus) -> {
            bus.register(new Failing("f", w));
            Named second = new Named("second", w);
            second.action = () -> bus.register(new WithEnvelope("addedEnv", w));
            bus.register(second);
          });
    }
  }

  @Test
  void nobodyListensDeadMessageHasTheSendsEnvelope() {
    compare(false, NestedPosts.DEPTH_FIRST, (w, bus) -> {}, false);
  }

  @Test
  void onlyAHiddenForwarderListens() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) ->
            Bridge.of(bus)
                .forward(
                    Event.class,
                    new Forwarder<Event>() {
                      @Override
                      public void forward(Event event) {
                        w.log.add("forward:" + event);
                      }

                      @Override
                      public List<?> forwardRequest(Event event) {
                        return List.of();
                      }
                    }),
        false);
  }

  @Test
  void hiddenForwarderAndAPlainHandlerThatCloses() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          List<Registration> regs = new ArrayList<>();
          Named plain = new Named("plain", w);
          plain.action = () -> regs.get(0).close();
          regs.add(bus.register(plain));
          Bridge.of(bus)
              .forward(
                  Event.class,
                  new Forwarder<Event>() {
                    @Override
                    public void forward(Event event) {
                      w.log.add("forward:" + event);
                    }

                    @Override
                    public List<?> forwardRequest(Event event) {
                      return List.of();
                    }
                  });
        });
  }

  @Test
  void aHandlerFailsAndIsTheOnlyOneThenForwarder() {
    for (boolean rethrowing : new boolean[] {false, true}) {
      compare(
          rethrowing,
          NestedPosts.DEPTH_FIRST,
          (w, bus) -> {
            List<Registration> regs = new ArrayList<>();
            Named selfClosing = new Named("selfClosing", w);
            selfClosing.action =
                () -> {
                  regs.get(0).close();
                  throw new IllegalStateException("after-close");
                };
            regs.add(bus.register(selfClosing));
          });
    }
  }

  @Test
  void asyncHandlersMixedWithDirectOnes() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          bus.register(new Named("a", w));
          bus.registration().subscribe(Event.class, e -> w.log.add("lambda:" + e));
          bus.register(new AsyncListener(w));
          bus.register(new WithEnvelope("env", w));
        });
  }

  @Test
  void nestedPostsFromHandlersInBothOrders() {
    for (NestedPosts order : NestedPosts.values()) {
      compare(
          false,
          order,
          (w, bus) -> {
            Named first = new Named("first", w);
            first.action = () -> w.log.add("nestedRan=" + bus.post(new Ping(1)));
            bus.register(first);
            bus.subscribe(Ping.class, p -> w.log.add("ping"));
            bus.register(new Named("second", w));
          },
          false); // post on a breadth-first bus queues the nested post by design
    }
  }

  @Test
  void stickyRegisteredMidDelivery() {
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          Named first = new Named("first", w);
          first.action =
              () -> bus.registration().sticky().register(new WithEnvelope("stickyAdded", w));
          bus.register(first);
        });
  }

  @Test
  void weakListenerCollectedBeforeTheRun() {
    GarbageCollection.assumeExplicitGcWorks();
    for (Mode mode : new Mode[] {Mode.DUE, Mode.FULL}) {
      ManualTicker ticker = new ManualTicker();
      MessageBus bus = MessageBus.builder().ticker(ticker).build();
      List<String> log = new ArrayList<>();
      List<Object> dead = new ArrayList<>();
      bus.subscribe(DeadMessage.class, d -> dead.add(d.message()));
      World w = new World(bus, log);
      java.lang.ref.WeakReference<Named> ref = registerWeak(bus, w);
      bus.post(new Event("m"), header(mode));
      bus.endFrame();
      org.junit.jupiter.api.Assumptions.assumeTrue(
          GarbageCollection.collectUntil(() -> ref.get() == null));
      assertEquals(1, bus.runStage(Stage.UPDATE));
      assertEquals(List.of(), log, mode.toString());
      assertEquals(1, dead.size(), mode + ": a message only a collected listener had is dead");
      assertEquals(1, bus.statistics().deadMessages(), mode.toString());
    }
  }

  private static java.lang.ref.WeakReference<Named> registerWeak(MessageBus bus, World w) {
    Named named = new Named("weak", w);
    bus.registerWeakly(named);
    return new java.lang.ref.WeakReference<>(named);
  }

  @Test
  void errorHandlerThatClosesAndAdds() {
    // error handler changes the handlers mid-delivery
    for (Mode m : new Mode[] {Mode.DUE}) {
      assertEquals(m, m);
    }
    compare(
        false,
        NestedPosts.DEPTH_FIRST,
        (w, bus) -> {
          bus.register(new Failing("f", w));
          bus.register(new Named("after", w));
        });
  }

  @Test
  void sendChecksOfADelayedSend() {
    MessageBus bus = MessageBus.create();
    Header delayed = Header.builder().stage(Stage.UPDATE).delayFrames(2).build();
    assertThrows(NullPointerException.class, () -> bus.post(null, delayed));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            bus.post(
                new Event("self"),
                Header.builder().to(Address.SELF).stage(Stage.UPDATE).delayFrames(1).build()));
    MessageBus other = MessageBus.create();
    Address foreign = other.createAddress();
    assertThrows(
        IllegalArgumentException.class,
        () ->
            bus.post(
                new Event("foreign"),
                Header.builder().to(foreign).stage(Stage.UPDATE).delayFrames(1).build()));
    assertEquals(0, bus.pendingCount(), "no refused send is queued");
    bus.shutdown(QueuedMessages.DISCARD, Duration.ofSeconds(1));
    assertThrows(BusClosedException.class, () -> bus.post(new Event("late"), delayed));
    assertThrows(NullPointerException.class, () -> bus.post(null, delayed));
  }

  /** As before the change: a remote send cannot wait, and is refused, queueing nothing. */
  @Test
  void delayedSendToARemotePeerIsRefusedAsBefore() {
    MessageBus bus = MessageBus.create();
    List<Object> sent = new ArrayList<>();
    dev.herald.bridge.RemoteEndpoint peer =
        Bridge.of(bus).attachRemote((message, from) -> sent.add(message) ? 1 : 0);
    Header delayed = Header.builder().to(peer.address()).stage(Stage.UPDATE).delayFrames(3).build();
    assertThrows(IllegalArgumentException.class, () -> bus.post(new Event("remote"), delayed));
    assertEquals(List.of(), sent);
    assertEquals(0, bus.pendingCount());
  }

  static final class SelfListener {
    final List<Envelope> seen;

    SelfListener(List<Envelope> seen) {
      this.seen = seen;
    }

    @Subscribe
    void on(Event event, Envelope envelope) {
      seen.add(envelope);
    }
  }

  @Test
  void delayedSelfSendFromARegistrationComesBackWithItsSender() {
    MessageBus bus = MessageBus.create();
    List<Envelope> seen = new ArrayList<>();
    Registration me = bus.register(new SelfListener(seen));
    me.send(
        new Event("later"),
        Header.builder().to(Address.SELF).stage(Stage.UPDATE).delayFrames(1).build());
    assertEquals(0, seen.size());
    bus.endFrame();
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(1, seen.size());
    assertEquals(me.address(), seen.get(0).from());
    assertEquals(0, seen.get(0).sentFrame());
  }
}
