package dev.herald.example.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.badlogic.gdx.ai.DefaultTimepiece;
import com.badlogic.gdx.ai.GdxAI;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import com.badlogic.gdx.ai.msg.Telegram;
import com.badlogic.gdx.ai.msg.Telegraph;
import dev.herald.Address;
import dev.herald.DeadMessage;
import dev.herald.Envelope;
import dev.herald.ErrorHandler;
import dev.herald.Header;
import dev.herald.MessageBus;
import dev.herald.Registration;
import dev.herald.Stage;
import dev.herald.annotation.Subscribe;
import dev.herald.time.ManualTicker;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/MIGRATING.md's section on gdx-ai's messaging ({@code MessageDispatcher}, {@code Telegraph},
 * {@code Telegram}): each row of its table, on Herald's side, and on gdx-ai's where the two differ.
 */
class GdxAiMigrationTest {
  private static final int ALARM = 1;

  record Alarm(String zone) {}

  record WhereAreYou() {}

  record Position(String guard, int x) {}

  record Score(int points) {}

  record Reached(String guard) {}

  /** A guard: one handler per message class, where a Telegraph switched on the code. */
  static final class Guard {
    final String name;
    final List<String> heard;
    final List<Address> senders = new ArrayList<>();

    Guard(String name, List<String> heard) {
      this.name = name;
      this.heard = heard;
    }

    @Subscribe
    void on(Alarm alarm, Envelope envelope) {
      heard.add(name + " " + alarm.zone());
      senders.add(envelope.from());
    }

    @Subscribe
    Position on(WhereAreYou question) {
      return new Position(name, name.length());
    }
  }

  /** Listens to the north gate's alarms only, where gdx-ai had a code per gate. */
  static final class NorthWatch {
    final List<String> heard;

    NorthWatch(List<String> heard) {
      this.heard = heard;
    }

    @Subscribe(tags = "north")
    void on(Alarm alarm) {
      heard.add("north watch " + alarm.zone());
    }
  }

  /** A scoreboard that shows the last score as soon as it exists, like a TelegramProvider's. */
  static final class Scoreboard {
    final List<Integer> shown = new ArrayList<>();

    @Subscribe(sticky = true)
    void on(Score score) {
      shown.add(score.points());
    }
  }

  /** Answers a delayed order by sending to its sender, where gdx-ai sent a return receipt. */
  static final class Runner {
    final List<String> heard = new ArrayList<>();
    Registration self;

    @Subscribe
    void on(Alarm alarm, Envelope envelope) {
      heard.add(alarm.zone());
      self.send(envelope.from(), new Reached("runner"));
    }
  }

  static final class Commander {
    final List<Reached> receipts = new ArrayList<>();

    @Subscribe
    void on(Reached reached) {
      receipts.add(reached);
    }
  }

  static final class DeadLetters {
    final List<Object> messages = new ArrayList<>();

    @Subscribe
    void on(DeadMessage dead) {
      messages.add(dead.message());
    }
  }

  /** A guard that leaves in the middle of the alarm it hears, as a dying entity would. */
  static final class Deserter {
    final List<String> heard;
    Registration registration;

    Deserter(List<String> heard) {
      this.heard = heard;
    }

    @Subscribe
    void on(Alarm alarm) {
      heard.add("deserter");
      registration.close();
    }
  }

  /** gdx-ai's listener, recording what it received. */
  static final class RecordingTelegraph implements Telegraph {
    final String name;
    final List<String> log;
    final List<Telegram> received = new ArrayList<>();
    Runnable onMessage = () -> {};

    RecordingTelegraph(String name, List<String> log) {
      this.name = name;
      this.log = log;
    }

    @Override
    public boolean handleMessage(Telegram telegram) {
      log.add(name + " " + telegram.extraInfo);
      received.add(copyOf(telegram));
      onMessage.run();
      return true;
    }

    /** gdx-ai returns a telegram to its pool after delivery: keep a copy. */
    private static Telegram copyOf(Telegram telegram) {
      Telegram copy = new Telegram();
      copy.sender = telegram.sender;
      copy.receiver = telegram.receiver;
      copy.message = telegram.message;
      copy.extraInfo = telegram.extraInfo;
      copy.returnReceiptStatus = telegram.returnReceiptStatus;
      return copy;
    }
  }

  private final ManualTicker clock = new ManualTicker();
  private final MessageBus bus =
      MessageBus.builder().ticker(clock).errorHandler(ErrorHandler.rethrowing()).build();
  private final DefaultTimepiece timepiece = new DefaultTimepiece();
  private final MessageDispatcher dispatcher = new MessageDispatcher();
  private final List<String> heard = new ArrayList<>();

  @BeforeEach
  void useAFreshTimepiece() {
    GdxAI.setTimepiece(timepiece); // gdx-ai reads the time from one global timepiece
  }

  @AfterEach
  void stop() {
    bus.close();
  }

  @Test
  void aMessageClassReplacesTheCodeAndItsExtraInfo() {
    bus.register(new Guard("north", heard));
    bus.register(new Guard("south", heard));

    int ran = bus.post(new Alarm("gate"));

    assertEquals(2, ran, "post returns how many handlers ran, where handleMessage said true");
    assertEquals(List.of("north gate", "south gate"), heard);
  }

  @Test
  void codesThatShareOneKindOfDataBecomeTagsOfOneMessageClass() {
    bus.register(new NorthWatch(heard));
    bus.register(new Guard("guard", heard));

    bus.post(new Alarm("gate"), Header.builder().tags("north").build());
    bus.post(new Alarm("wall"), Header.builder().tags("south").build());
    bus.post(new Alarm("yard"));

    assertEquals(
        List.of("north watch gate", "guard gate", "guard wall", "guard yard"),
        heard,
        "a tagged handler hears its tags only; one without tags hears them all");
  }

  @Test
  void aMessageNobodyHandlesBecomesADeadMessage() {
    DeadLetters deadLetters = new DeadLetters();
    bus.register(deadLetters);

    assertEquals(0, bus.post(new Alarm("cellar")));
    assertEquals(List.of(new Alarm("cellar")), deadLetters.messages);
  }

  @Test
  void aMessageToAnAddressReachesOnlyThatReceiverAndNamesItsSender() {
    Guard north = new Guard("north", heard);
    Guard south = new Guard("south", heard);
    Registration commander = bus.register(new Commander());
    bus.register(north);
    Registration southGuard = bus.register(south);

    commander.send(southGuard.address(), new Alarm("gate"));

    assertEquals(List.of("south gate"), heard);
    assertEquals(List.of(commander.address()), south.senders, "the sender is the registration");
  }

  @Test
  void gdxAiDeliversADelayedTelegramOnceTheTimepieceHasAdvancedAndUpdateRuns() {
    RecordingTelegraph guard = new RecordingTelegraph("guard", heard);
    dispatcher.addListener(guard, ALARM);

    dispatcher.dispatchMessage(0.2f, null, null, ALARM, "gate", false);
    dispatcher.update();
    assertEquals(List.of(), heard, "not yet due");

    timepiece.update(0.2f);
    dispatcher.update();
    assertEquals(List.of("guard gate"), heard);
  }

  @Test
  void aDelayedMessageArrivesAtTheFirstStageRunOnceDue() {
    bus.register(new Guard("guard", heard));
    Header reactionTime =
        Header.builder().stage(Stage.UPDATE).delay(Duration.ofMillis(200)).build();

    bus.post(new Alarm("gate"), reactionTime);
    assertEquals(0, bus.runStage(Stage.UPDATE), "not yet due");

    clock.advance(Duration.ofMillis(200));
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("guard gate"), heard);
  }

  @Test
  void aMessageDelayedInFramesArrivesOnceThatManyFramesHaveEnded() {
    bus.register(new Guard("guard", heard));
    Header twoFramesLater = Header.builder().stage(Stage.UPDATE).delayFrames(2).build();

    bus.post(new Alarm("gate"), twoFramesLater);
    bus.endFrame();
    assertEquals(0, bus.runStage(Stage.UPDATE));
    bus.endFrame();
    assertEquals(1, bus.runStage(Stage.UPDATE));
    assertEquals(List.of("guard gate"), heard);
  }

  @Test
  void gdxAiStillDeliversADelayedTelegramToAReceiverRemovedMeanwhile() {
    RecordingTelegraph guard = new RecordingTelegraph("guard", heard);
    dispatcher.addListener(guard, ALARM);

    dispatcher.dispatchMessage(0.2f, null, guard, ALARM, "gate", false);
    dispatcher.removeListener(guard, ALARM);
    timepiece.update(0.2f);
    dispatcher.update();

    assertEquals(List.of("guard gate"), heard, "the telegram holds its receiver");
  }

  @Test
  void aDelayedMessageToAnEntityThatLeftMeanwhileReachesNobody() {
    Registration guard = bus.register(new Guard("guard", heard));
    Address address = guard.address();
    bus.post(
        new Alarm("gate"),
        Header.builder().to(address).stage(Stage.UPDATE).delay(Duration.ofMillis(200)).build());

    guard.close();
    clock.advance(Duration.ofMillis(200));
    bus.runStage(Stage.UPDATE);

    assertEquals(List.of(), heard, "routed when delivered: the address is retired");
  }

  @Test
  void gdxAiSendsOneReturnReceiptWhateverTheNumberOfReceivers() {
    List<String> log = new ArrayList<>();
    RecordingTelegraph sender = new RecordingTelegraph("sender", log);
    dispatcher.addListener(new RecordingTelegraph("north", log), ALARM);
    dispatcher.addListener(new RecordingTelegraph("south", log), ALARM);

    dispatcher.dispatchMessage(sender, ALARM, true);
    dispatcher.dispatchMessage(sender, ALARM + 1, true); // a code nobody listens to

    assertEquals(2, sender.received.size(), "one receipt per telegram, handled or not");
    for (Telegram receipt : sender.received) {
      assertEquals(Telegram.RETURN_RECEIPT_SENT, receipt.returnReceiptStatus);
      assertSame(dispatcher, receipt.sender, "the receipt comes from the dispatcher");
    }
  }

  @Test
  void aRequestReturnsOneReplyPerHandlerAndNoneWhenNobodyAnswers() {
    assertEquals(List.of(), bus.request(new WhereAreYou(), Position.class));

    bus.register(new Guard("north", heard));
    bus.register(new Guard("south", heard));

    assertEquals(
        List.of(new Position("north", 5), new Position("south", 5)),
        bus.request(new WhereAreYou(), Position.class));
  }

  @Test
  void aDelayedMessageIsAnsweredBySendingToItsSender() {
    Commander commander = new Commander();
    Registration commanderRegistration = bus.register(commander);
    Runner runner = new Runner();
    runner.self = bus.register(runner);
    Header inOneSecond = Header.builder().stage(Stage.UPDATE).delay(Duration.ofSeconds(1)).build();

    commanderRegistration.send(new Alarm("hill"), inOneSecond);
    clock.advance(Duration.ofSeconds(1));
    bus.runStage(Stage.UPDATE);

    assertEquals(List.of("hill"), runner.heard);
    assertEquals(List.of(new Reached("runner")), commander.receipts);
  }

  @Test
  void gdxAiTelegramProviderAnswersEachNewListenerAlone() {
    int[] score = {3};
    dispatcher.addProvider((msg, receiver) -> score[0], ALARM);
    RecordingTelegraph early = new RecordingTelegraph("early", heard);
    dispatcher.addListener(early, ALARM);
    score[0] = 5;
    dispatcher.addListener(new RecordingTelegraph("late", heard), ALARM);

    assertEquals(
        List.of("early 3", "late 5"), heard, "asked at each addListener, sent to it alone");
  }

  @Test
  void aStickyMessageReachesEachStickyHandlerThatRegistersLater() {
    Scoreboard early = new Scoreboard();
    bus.register(early);
    bus.sticky().post(new Score(3));
    Scoreboard late = new Scoreboard();
    bus.register(late);
    bus.sticky().post(new Score(5));
    Scoreboard later = new Scoreboard();
    bus.register(later);

    assertEquals(List.of(3, 5), early.shown, "early: the posts as they came");
    assertEquals(List.of(3, 5), late.shown, "late: the kept one when it registered, then the post");
    assertEquals(List.of(5), later.shown, "only the last message of its class is kept");
    assertEquals(new Score(5), bus.sticky().get(Score.class));
  }

  @Test
  void gdxAiSkipsTheListenerMovedIntoTheGapWhenOneRemovesItselfDuringADispatch() {
    RecordingTelegraph a = new RecordingTelegraph("a", heard);
    RecordingTelegraph b = new RecordingTelegraph("b", heard);
    RecordingTelegraph c = new RecordingTelegraph("c", heard);
    a.onMessage = () -> dispatcher.removeListener(a, ALARM);
    dispatcher.addListener(a, ALARM);
    dispatcher.addListener(b, ALARM);
    dispatcher.addListener(c, ALARM);

    dispatcher.dispatchMessage(ALARM, "gate");

    // Its listener array is unordered: removing a moves c, the last, into a's place, behind the
    // loop's index, so c misses this telegram.
    assertEquals(List.of("a gate", "b gate"), heard);
  }

  @Test
  void aHandlerThatLeavesDuringADeliveryStopsAndSkipsNobody() {
    Deserter deserter = new Deserter(heard);
    deserter.registration = bus.register(deserter);
    bus.register(new Guard("b", heard));
    bus.register(new Guard("c", heard));

    bus.post(new Alarm("gate"));
    bus.post(new Alarm("yard"));

    assertEquals(List.of("deserter", "b gate", "c gate", "b yard", "c yard"), heard);
  }

  @Test
  void gdxAiKeepsAListenerNobodyElseHolds() {
    WeakReference<RecordingTelegraph> guard = addAndDrop(dispatcher, heard);
    for (int i = 0; i < 20 && guard.get() != null; i++) {
      System.gc(); // a bounded number of tries: the dispatcher holds it
    }

    dispatcher.dispatchMessage(ALARM, "gate");

    assertEquals(List.of("guard gate"), heard);
  }

  private static WeakReference<RecordingTelegraph> addAndDrop(
      MessageDispatcher dispatcher, List<String> heard) {
    RecordingTelegraph guard = new RecordingTelegraph("guard", heard);
    dispatcher.addListener(guard, ALARM);
    return new WeakReference<>(guard);
  }

  @Test
  void anEntityRegisteredWeaklyStopsReceivingOnceCollected() {
    WeakReference<Guard> guard = registerWeaklyAndDrop(bus, heard);
    for (int i = 0; i < 50 && guard.get() != null; i++) {
      System.gc(); // a bounded number of tries
    }
    assertNull(guard.get(), "nothing but the bus referenced it, and the bus held it weakly");

    assertEquals(0, bus.post(new Alarm("gate")));
    assertTrue(heard.isEmpty());
  }

  private static WeakReference<Guard> registerWeaklyAndDrop(MessageBus bus, List<String> heard) {
    Guard guard = new Guard("guard", heard);
    bus.registerWeakly(guard);
    return new WeakReference<>(guard);
  }
}
