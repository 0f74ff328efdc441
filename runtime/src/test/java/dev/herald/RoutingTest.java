package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.TestMessages.Event;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** docs/DESIGN.md rules 9 to 14: destinations, entities, names, filters, tags, receivers. */
class RoutingTest {
  private final List<String> log = new ArrayList<>();
  private final List<Throwable> errors = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder().errorHandler((error, context) -> errors.add(error)).build();

  static final class TaggedListener {
    final List<String> log;

    TaggedListener(List<String> log) {
      this.log = log;
    }

    @Subscribe(tags = {"AI", "debug"})
    void onTagged(Event event) {
      log.add("tagged:" + event);
    }
  }

  static final class HiddenLog {
    final List<String> log;

    HiddenLog(List<String> log) {
      this.log = log;
    }

    @Subscribe(hidden = true)
    void on(Event event) {
      log.add("hidden:" + event);
    }
  }

  // Listeners are held strongly: these tests are about routing, not about collection.
  private Registration component(String name) {
    return bus.register(new EventRecorder(log, name));
  }

  private Registration component(String name, Address at) {
    return bus.registration().strongly().at(at).register(new EventRecorder(log, name));
  }

  // ---- destinations ----------------------------------------------------------------------

  @Test
  void noDestinationMeansBroadcast() {
    Registration a = component("a");
    component("b");

    assertEquals(2, a.send(new Event("hello")));
    assertEquals(2, bus.post(new Event("anon"), Header.builder().build()));
    assertEquals(List.of("a:hello", "b:hello", "a:anon", "b:anon"), log);
  }

  @Test
  void messageToAnAddressReachesOnlyTheHandlersThere() {
    Registration a = component("a");
    Registration b = component("b");
    component("c");

    assertEquals(1, a.send(b.address(), new Event("psst")));
    assertEquals(1, bus.post(new Event("anon"), Header.to(a.address())));
    assertEquals(List.of("b:psst", "a:anon"), log);
  }

  @Test
  void broadcastNotMeSkipsEveryHandlerAtTheSendersAddress() {
    Address tank = bus.createAddress();
    Registration turret = component("turret", tank);
    component("engine", tank);
    component("other");

    turret.send(new Event("radio"), Header.to(Address.BROADCAST_NOT_ME));

    assertEquals(List.of("other:radio"), log);
  }

  @Test
  void broadcastNotMeFromAnAnonymousPostReachesEveryone() {
    component("a");
    component("b");

    assertEquals(2, bus.post(new Event("all"), Header.to(Address.BROADCAST_NOT_ME)));
  }

  @Test
  void selfIsTheSendersOwnAddress() {
    Address tank = bus.createAddress();
    Registration turret = component("turret", tank);
    component("engine", tank);
    component("other");

    turret.send(Address.SELF, new Event("note to self"));

    assertEquals(List.of("turret:note to self", "engine:note to self"), log);
  }

  @Test
  void selfFromAnAnonymousPostIsAnError() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> bus.post(new Event("e"), Header.to(Address.SELF)));
    assertTrue(error.getMessage().contains("Registration"), error.getMessage());
  }

  @Test
  void anAddressOfAnotherBusIsRejected() {
    MessageBus other = MessageBus.create();
    Address foreign = other.createAddress();

    assertThrows(
        IllegalArgumentException.class, () -> bus.post(new Event("e"), Header.to(foreign)));
    assertThrows(
        IllegalArgumentException.class, () -> bus.register(new EventRecorder(log, "x"), foreign));
    assertThrows(
        IllegalArgumentException.class,
        () -> bus.register(new EventRecorder(log, "x"), Address.named("n")));
  }

  // ---- entities --------------------------------------------------------------------------

  @Test
  void componentsOfAnEntityShareItsAddressAndAllReceiveWhatIsSentToIt() {
    Address tank = bus.createAddress();
    Registration health = component("health", tank);
    Registration ai = component("ai", tank);
    Registration renderer = component("renderer", tank);
    component("bystander");

    int ran = bus.post(new Event("hit"), Header.to(tank));

    assertEquals(3, ran);
    assertEquals(List.of("health:hit", "ai:hit", "renderer:hit"), log);
    assertSame(tank, health.address());
    assertSame(tank, ai.address());
    assertSame(tank, renderer.address());
  }

  @Test
  void closingTheLastComponentRetiresTheEntity() {
    Address tank = bus.createAddress();
    Registration health = component("health", tank);
    Registration ai = component("ai", tank);
    List<Object> dead = new ArrayList<>();
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));

    health.close();
    assertFalse(tank.isRetired());
    assertEquals(1, bus.post(new Event("still here"), Header.to(tank)));
    ai.close();

    assertTrue(tank.isRetired());
    Event lost = new Event("nobody home");
    assertEquals(0, bus.post(lost, Header.to(tank)));
    assertEquals(List.of(lost), dead);
    IllegalStateException error =
        assertThrows(IllegalStateException.class, () -> component("late", tank));
    assertTrue(error.getMessage().contains("retired"), error.getMessage());
  }

  @Test
  void anEntityWithNoComponentsYetIsNotRetired() {
    Address tank = bus.createAddress();

    assertFalse(tank.isRetired());
    assertEquals(0, bus.post(new Event("early"), Header.to(tank)));
    component("late", tank);
    assertEquals(1, bus.post(new Event("now"), Header.to(tank)));
  }

  // ---- names -----------------------------------------------------------------------------

  @Test
  void aNameIsResolvedWhenTheMessageIsSent() {
    Header toWorld = Header.to(Address.named("world"));
    Registration world = component("world");
    component("other");

    assertEquals(0, bus.post(new Event("before"), toWorld));
    world.bind("world");
    assertEquals(1, bus.post(new Event("after"), toWorld));
    assertEquals(List.of("world:after"), log);
  }

  @Test
  void bindingATakenNameFailsAndOnlyTheOwnerCanUnbindIt() {
    Registration world = component("world");
    Registration impostor = component("impostor");
    world.bind("world");
    world.bind("world");

    IllegalStateException error =
        assertThrows(IllegalStateException.class, () -> impostor.bind("world"));
    assertTrue(error.getMessage().contains("\"world\""), error.getMessage());
    assertFalse(impostor.unbind("world"));
    assertEquals(1, bus.post(new Event("e"), Header.to(Address.named("world"))));
    assertEquals(List.of("world:e"), log);

    assertTrue(world.unbind("world"));
    assertFalse(world.unbind("world"));
    impostor.bind("world");
    assertEquals(1, bus.post(new Event("f"), Header.to(Address.named("world"))));
    assertEquals("impostor:f", log.get(1));
  }

  @Test
  void closingARegistrationReleasesItsNames() {
    Registration world = component("world");
    world.bind("world");
    world.bind("globe");

    world.close();

    assertEquals(0, bus.registry.boundNameCount());
    assertEquals(0, bus.post(new Event("e"), Header.to(Address.named("globe"))));
    component("new world").bind("world");
    assertThrows(IllegalStateException.class, () -> world.bind("again"));
  }

  @Test
  void namedAddressesAreEqualByName() {
    assertEquals(Address.named("world"), Address.named("world"));
    assertEquals(Address.named("world").hashCode(), Address.named("world").hashCode());
    assertFalse(Address.named("world").equals(Address.named("moon")));
    assertFalse(bus.createAddress().equals(bus.createAddress()));
    assertThrows(IllegalArgumentException.class, () -> Address.named(""));
  }

  // ---- the sender ------------------------------------------------------------------------

  @Test
  void onlyFromNarrowsToOneSender() {
    Registration commander = component("commander");
    Registration stranger = component("stranger");
    bus.registration()
        .strongly()
        .onlyFrom(commander.address())
        .register(new EventRecorder(log, "soldier"));

    commander.send(new Event("orders"));
    stranger.send(new Event("rumour"));
    bus.post(new Event("anonymous"));

    assertTrue(log.contains("soldier:orders"));
    assertFalse(log.contains("soldier:rumour"));
    assertFalse(log.contains("soldier:anonymous"));
  }

  @Test
  void onlyFromNeverWidens() {
    Registration commander = component("commander");
    Registration other = component("other");
    bus.registration()
        .strongly()
        .onlyFrom(commander.address())
        .register(new EventRecorder(log, "soldier"));

    commander.send(other.address(), new Event("for other"));

    assertEquals(List.of("other:for other"), log);
  }

  @Test
  void theSenderCannotBeForged() {
    Registration alice = component("alice");
    List<Envelope> seen = new ArrayList<>();
    bus.register(new EnvelopeReader(seen));

    alice.send(new Event("signed"));
    bus.post(new Event("anonymous"));

    assertSame(alice.address(), seen.get(0).from());
    assertNull(seen.get(1).from());
    alice.close();
    assertThrows(IllegalStateException.class, () -> alice.send(new Event("after close")));
  }

  // ---- observers -------------------------------------------------------------------------

  @Test
  void anObserverReceivesWhatIsSentToTheAddressItObserves() {
    Registration target = component("target");
    Registration elsewhere = component("elsewhere");
    bus.registration()
        .strongly()
        .observing(target.address())
        .register(new EventRecorder(log, "spy"));

    bus.post(new Event("to target"), Header.to(target.address()));
    bus.post(new Event("to elsewhere"), Header.to(elsewhere.address()));

    assertEquals(List.of("target:to target", "spy:to target", "elsewhere:to elsewhere"), log);
  }

  @Test
  void anObserverOfAllReceivesAddressedTrafficOnce() {
    Registration a = component("a");
    Registration b = component("b");
    Registration logger =
        bus.registration().strongly().observingAll().register(new EventRecorder(log, "logger"));

    bus.post(new Event("to a"), Header.to(a.address()));
    bus.post(new Event("to b"), Header.to(b.address()));
    bus.post(new Event("to logger"), Header.to(logger.address()));

    assertEquals(
        List.of("a:to a", "logger:to a", "b:to b", "logger:to b", "logger:to logger"), log);
  }

  // ---- tags ------------------------------------------------------------------------------

  @Test
  void aTaggedHandlerReceivesMessagesSharingAnyOfItsTags() {
    bus.register(new TaggedListener(log));
    bus.register(new EventRecorder(log, "untagged"));

    bus.post(new Event("ai"), Header.builder().tags("AI").build());
    bus.post(new Event("debug+physics"), Header.builder().tags("physics", "debug").build());
    bus.post(new Event("physics"), Header.builder().tags("physics").build());
    bus.post(new Event("plain"));

    assertEquals(
        List.of(
            "tagged:ai",
            "untagged:ai",
            "tagged:debug+physics",
            "untagged:debug+physics",
            "untagged:physics",
            "untagged:plain"),
        log);
  }

  @Test
  void manyDistinctTagsCanExist() {
    bus.register(new TaggedListener(log));
    String[] many = new String[300];
    for (int i = 0; i < many.length; i++) {
      many[i] = "tag-" + i;
    }
    Header lots = Header.builder().tags(many).build();
    Header lotsAndAi = Header.builder().tags("tag-299", "AI").build();

    bus.post(new Event("lots"), lots);
    bus.post(new Event("lots and AI"), lotsAndAi);

    assertEquals(List.of("tagged:lots and AI"), log);
    assertEquals(Set.of("tag-299", "AI"), lotsAndAi.tags());
  }

  // ---- receivers -------------------------------------------------------------------------

  @Test
  void hiddenHandlersReceiveButDoNotCount() {
    bus.register(new HiddenLog(log));
    List<Object> dead = new ArrayList<>();
    bus.subscribe(DeadMessage.class, message -> dead.add(message.message()));
    Event event = new Event("unnoticed");

    assertEquals(1, bus.post(event, Header.builder().build()));

    assertEquals(List.of("hidden:unnoticed"), log);
    assertEquals(List.of(event), dead);
    assertTrue(errors.isEmpty(), "no receiver was required");
  }

  @Test
  void aRequiredReceiverThatIsMissingIsReported() {
    bus.register(new HiddenLog(log));
    Header mustArrive = Header.builder().requireReceiver().build();
    Event event = new Event("important");

    bus.post(event, mustArrive);

    assertEquals(1, errors.size());
    UndeliveredMessageException undelivered =
        assertInstanceOf(UndeliveredMessageException.class, errors.get(0));
    assertSame(event, undelivered.undelivered());
    assertSame(mustArrive, undelivered.header());
  }

  @Test
  void aRequiredReceiverThatIsPresentIsNotReported() {
    bus.register(new HiddenLog(log));
    bus.register(new EventRecorder(log, "visible"));

    bus.post(new Event("important"), Header.builder().requireReceiver().build());

    assertTrue(errors.isEmpty());
  }

  @Test
  void aRequiredReceiverAtAnUnboundNameIsReported() {
    component("somebody");

    bus.post(
        new Event("hello?"),
        Header.builder().to(Address.named("nobody")).requireReceiver().build());

    assertEquals(1, errors.size());
    assertTrue(log.isEmpty());
  }

  // ---- envelopes -------------------------------------------------------------------------

  static final class EnvelopeReader {
    final List<Envelope> seen;

    EnvelopeReader(List<Envelope> seen) {
      this.seen = seen;
    }

    @Subscribe
    void on(Event event, Envelope envelope) {
      seen.add(envelope);
    }
  }

  @Test
  void theEnvelopeCarriesSenderDestinationTagsTimeAndFrame() {
    long[] now = {1_000};
    MessageBus timed = MessageBus.builder().ticker(() -> now[0]).build();
    List<Envelope> seen = new ArrayList<>();
    Registration reader = timed.register(new EnvelopeReader(seen));
    Registration sender = timed.register(new EventRecorder(log, "sender"));
    timed.endFrame();
    timed.endFrame();
    now[0] = 5_000;
    Event event = new Event("e");
    Header header = Header.builder().to(reader.address()).tags("radio").build();

    sender.send(event, header);

    Envelope envelope = seen.get(0);
    assertSame(event, envelope.message());
    assertSame(sender.address(), envelope.from());
    assertSame(reader.address(), envelope.to());
    assertEquals(Set.of("radio"), envelope.tags());
    assertSame(header, envelope.header());
    assertEquals(5_000, envelope.sentNanos());
    assertEquals(2, envelope.sentFrame());
  }

  /** Moves the bus's clock on while it handles an event, as a slow handler would. */
  static final class SlowFirst {
    final long[] clock;

    SlowFirst(long[] clock) {
      this.clock = clock;
    }

    @Subscribe(priority = 10)
    void on(Event event) {
      clock[0] += 1_000;
    }
  }

  /**
   * A send reads the clock only when a handler's envelope will show the time, but then before the
   * first handler runs: the time is the send's, not that of the handler that asked.
   */
  @Test
  void theEnvelopeShowsTheTimeOfTheSendNotOfTheHandlerThatAskedForIt() {
    long[] now = {1_000};
    MessageBus timed = MessageBus.builder().ticker(() -> now[0]).build();
    List<Envelope> seen = new ArrayList<>();
    timed.register(new SlowFirst(now));
    timed.register(new EnvelopeReader(seen));
    Event event = new Event("e");

    timed.post(event, Header.builder().tags("radio").build());
    timed.request(event, String.class);

    assertEquals(3_000, now[0]); // the slow handler ran first, both times
    assertEquals(1_000, seen.get(0).sentNanos());
    assertEquals(2_000, seen.get(1).sentNanos());
  }

  @Test
  void aPlainPostGivesEnvelopeHandlersAnAnonymousBroadcastEnvelope() {
    List<Envelope> seen = new ArrayList<>();
    bus.register(new EnvelopeReader(seen));
    bus.register(new EventRecorder(log, "plain"));

    assertEquals(2, bus.post(new Event("e")));

    assertNull(seen.get(0).from());
    assertSame(Address.BROADCAST, seen.get(0).to());
    assertEquals(List.of("plain:e"), log);
  }

  @Test
  void theEnvelopeOfANamedDestinationNamesTheResolvedAddress() {
    List<Envelope> seen = new ArrayList<>();
    Registration world = bus.register(new EnvelopeReader(seen));
    world.bind("world");

    bus.post(new Event("e"), Header.to(Address.named("world")));

    assertSame(world.address(), seen.get(0).to());
  }

  // ---- replies ---------------------------------------------------------------------------

  static final class Question {}

  static final class Answerer {
    final Object answer;

    Answerer(Object answer) {
      this.answer = answer;
    }

    @Subscribe
    Object answer(Question question) {
      return answer;
    }
  }

  static final class Expert {
    @Subscribe(priority = 5)
    String answer(Question question) {
      return "expert";
    }

    @Subscribe
    int count(Question question) {
      return 42;
    }
  }

  @Test
  void requestCollectsTypedNonNullRepliesInDeliveryOrder() {
    bus.register(new Answerer("first"));
    bus.register(new Answerer(null));
    bus.register(new Answerer(7));
    bus.register(new Expert());
    bus.register(new Answerer("last"));

    assertEquals(List.of("expert", "first", "last"), bus.request(new Question(), String.class));
    assertEquals(List.of(7, 42), bus.request(new Question(), Integer.class));
    assertEquals(
        List.of("expert", "first", 7, 42, "last"), bus.request(new Question(), Object.class));
  }

  @Test
  void aRegistrationCanRequestFromOneAddress() {
    Registration asker = component("asker");
    Registration oracle = bus.register(new Answerer("yes"));
    bus.register(new Answerer("no"));

    assertEquals(List.of("yes"), asker.request(oracle.address(), new Question(), String.class));
    assertEquals(List.of("yes", "no"), asker.request(new Question(), String.class));
  }

  @Test
  void postIgnoresReturnValues() {
    bus.register(new Answerer("ignored"));

    assertEquals(1, bus.post(new Question()));
  }

  // ---- found in review ------------------------------------------------------------------

  @Test
  void anEnvelopeHandlerAddedDuringAPlainPostStillGetsAnEnvelope() {
    List<Envelope> seen = new ArrayList<>();
    EventRecorder adder = new EventRecorder(log, "adder");
    adder.action = () -> bus.register(new EnvelopeReader(seen));
    bus.register(adder);

    bus.post(new Event("e"));

    assertEquals(1, seen.size());
    assertSame(Address.BROADCAST, seen.get(0).to());
    assertNull(seen.get(0).from());
  }

  @Test
  void observingAnAddressTwiceOrYourOwnStillDeliversOnce() {
    Address x = bus.createAddress();
    bus.registration().strongly().at(x).observing(x).register(new EventRecorder(log, "resident"));
    bus.registration()
        .strongly()
        .observing(x)
        .observing(x)
        .register(new EventRecorder(log, "observer"));

    assertEquals(2, bus.post(new Event("e"), Header.to(x)));
    assertEquals(List.of("resident:e", "observer:e"), log);
  }

  static final class EagerObserver {
    final List<String> log;

    EagerObserver(List<String> log) {
      this.log = log;
    }

    @Subscribe(priority = 10)
    void on(Event event) {
      log.add("eager observer:" + event);
    }
  }

  @Test
  void residentsAndObserversOfAnAddressGoTogetherByPriority() {
    Address x = bus.createAddress();
    component("resident", x);
    bus.registration().strongly().observing(x).register(new EagerObserver(log));

    bus.post(new Event("e"), Header.to(x));

    assertEquals(List.of("eager observer:e", "resident:e"), log);
  }

  @Test
  void observingOrFilteringOnARetiredAddressIsRejected() {
    Registration gone = component("gone");
    gone.close();

    assertThrows(IllegalStateException.class, () -> bus.registration().observing(gone.address()));
    assertThrows(IllegalStateException.class, () -> bus.registration().onlyFrom(gone.address()));
    assertThrows(IllegalStateException.class, () -> bus.registration().at(gone.address()));
  }

  @Test
  void aWeakBuilderUsedToSubscribeStillRegistersWeaklyAfterwards() {
    Registration.Builder builder = bus.registration().weakly();
    assertTrue(builder.subscribe(Event.class, event -> {}).isStrong());
    assertFalse(builder.register(new EventRecorder(log, "weak")).isStrong());
  }

  @Test
  void emptyNamesAndNullTagsAreRejectedClearly() {
    Registration registration = component("r");
    assertThrows(IllegalArgumentException.class, () -> registration.bind(""));
    NullPointerException error =
        assertThrows(NullPointerException.class, () -> Header.builder().tags((String[]) null));
    assertTrue(error.getMessage().contains("tags"), error.getMessage());
  }

  @Test
  void aNameHeldByACollectedListenerCanBeBoundAgain() {
    GarbageCollection.assumeExplicitGcWorks();
    Registration weak = bus.registerWeakly(new EventRecorder(log, "forgotten"));
    weak.bind("world");
    Registration heir = component("heir");

    assertTrue(GarbageCollection.collectUntil(() -> weak.listener() == null));
    heir.bind("world");

    assertEquals(1, bus.post(new Event("e"), Header.to(Address.named("world"))));
    assertEquals(List.of("heir:e"), log);
  }
}
