package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.NavalAttack;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/DESIGN.md rules 8 and 12: the report of a message that required a receiver and reached
 * nobody names the handlers that came closest, and what kept each one out.
 */
class NearMissesTest {
  private static final String EVENT = TestMessages.Event.class.getName();
  private static final String ATTACK = Attack.class.getName();
  private static final String HERE = NearMissesTest.class.getName();

  /** Another class named Event: a wrong import away from the right one. */
  static final class Event {}

  static final class Tagged {
    @Subscribe(tags = "AI")
    void on(TestMessages.Event event) {}
  }

  static final class Plain {
    @Subscribe
    void on(Attack attack) {}
  }

  static final class Hidden {
    @Subscribe(hidden = true)
    void on(Attack attack) {}
  }

  static final class Naval {
    @Subscribe
    void on(NavalAttack attack) {}
  }

  static final class Namesake {
    @Subscribe
    void on(Event event) {}
  }

  static final class Unrelated {
    @Subscribe
    void on(String text) {}
  }

  private final List<Throwable> reported = new ArrayList<>();
  private final MessageBus bus =
      MessageBus.builder().errorHandler((error, context) -> reported.add(error)).build();

  /** What follows the report's fixed first sentence. */
  private String whyNobodyReceived(Object message, Header.Builder header) {
    Header sent = header.requireReceiver().build();
    bus.post(message, sent);
    assertEquals(1, reported.size(), reported.toString());
    String text = assertInstanceOf(UndeliveredMessageException.class, reported.get(0)).getMessage();
    String fixed =
        "No handler received "
            + message
            + " sent with "
            + sent
            + ", which requires a receiver (hidden handlers do not count). ";
    assertEquals(fixed, text.substring(0, fixed.length()), text);
    return text.substring(fixed.length());
  }

  @Test
  void aHandlerOfASupertypeWhoseTagsTheMessageLacks() {
    bus.register(new Tagged());

    assertEquals(
        "Closest: " + HERE + "$Tagged.on(" + EVENT + "), wants tags [AI], the message has [radio]",
        whyNobodyReceived(new Attack("a"), Header.builder().tags("radio")));
  }

  @Test
  void aHandlerFilteredByTags() {
    bus.register(new Tagged());

    assertEquals(
        "Closest: " + HERE + "$Tagged.on(" + EVENT + "), wants tags [AI], the message has none",
        whyNobodyReceived(new Attack("a"), Header.builder()));
  }

  @Test
  void aHandlerAtAnotherAddress() {
    Address elsewhere = bus.createAddress();
    bus.register(new Plain(), elsewhere);
    Address target = bus.createAddress();
    bus.register(new Unrelated(), target);

    assertEquals(
        "Closest: " + HERE + "$Plain.on(" + ATTACK + "), at Address#1, not the destination",
        whyNobodyReceived(new Attack("a"), Header.builder().to(target)));
  }

  @Test
  void aNameBoundToNothingAndAHandlerThatHasNoAddressYet() {
    bus.register(new Plain());

    assertEquals(
        "The name \"hq\" is bound to no address. Closest: "
            + HERE
            + "$Plain.on("
            + ATTACK
            + "), at an address of its own, not the destination",
        whyNobodyReceived(new Attack("a"), Header.builder().to(Address.named("hq"))));
  }

  @Test
  void aRetiredAddress() {
    Address gone = bus.createAddress();
    bus.register(new Unrelated(), gone).close();

    assertEquals(
        "Address#1 is retired: its last registration closed. No handler on the bus takes "
            + ATTACK
            + ", a supertype or a subtype of it, or a class of the same simple name",
        whyNobodyReceived(new Attack("a"), Header.builder().to(gone)));
  }

  @Test
  void aHiddenHandler() {
    bus.register(new Hidden());

    assertEquals(
        "Closest: " + HERE + "$Hidden.on(" + ATTACK + "), hidden (it receives, but does not count)",
        whyNobodyReceived(new Attack("a"), Header.builder()));
  }

  @Test
  void aHandlerThatOnlyHearsOneSender() {
    Address sender = bus.createAddress();
    bus.register(new Unrelated(), sender);
    bus.registration().onlyFrom(sender).register(new Plain());

    assertEquals(
        "Closest: "
            + HERE
            + "$Plain.on("
            + ATTACK
            + "), only from Address#1, the message is anonymous",
        whyNobodyReceived(new Attack("a"), Header.builder()));
  }

  @Test
  void aHandlerOfASubtypeThenOneOfAnotherClassWithTheSameSimpleName() {
    bus.register(new Namesake());
    bus.register(new Naval());

    assertEquals(
        "Closest: "
            + HERE
            + "$Naval.on("
            + NavalAttack.class.getName()
            + "), takes a subtype of "
            + EVENT
            + "; "
            + HERE
            + "$Namesake.on("
            + HERE
            + "$Event), takes another class named Event",
        whyNobodyReceived(new TestMessages.Event("e"), Header.builder()));
  }

  @Test
  void aFewAreNamedAndTheRestCounted() {
    for (int i = 0; i < NearMisses.SHOWN + 2; i++) {
      bus.register(new Hidden());
    }

    String why = whyNobodyReceived(new Attack("a"), Header.builder());

    assertEquals(NearMisses.SHOWN, why.split("hidden \\(").length - 1, why);
    assertEquals(true, why.endsWith("; and 2 more"), why);
  }

  static final class CatchAll {
    @Subscribe(tags = "debug")
    void on(Object message) {}
  }

  @Test
  void handlersOfTheMessagesOwnClassComeBeforeThoseOfItsSupertypesAndTheCatchAllsLast() {
    bus.register(new CatchAll());
    bus.register(new Tagged());
    bus.register(new Hidden());

    assertEquals(
        "Closest: "
            + HERE
            + "$Hidden.on("
            + ATTACK
            + "), hidden (it receives, but does not count); "
            + HERE
            + "$Tagged.on("
            + EVENT
            + "), wants tags [AI], the message has none; "
            + HERE
            + "$CatchAll.on(java.lang.Object), wants tags [debug], the message has none",
        whyNobodyReceived(new Attack("a"), Header.builder()));
  }

  @Test
  void nothingNearAtAll() {
    bus.register(new Unrelated());

    assertEquals(
        "No handler on the bus takes "
            + ATTACK
            + ", a supertype or a subtype of it, or a class of the same simple name",
        whyNobodyReceived(new Attack("a"), Header.builder()));
  }
}
