package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link MessageBus#describe()}: what the bus holds, as values and as a table. */
class BusDescriptionTest {
  static final class Damage {}

  static final class Weather {
    final String kind;

    Weather(String kind) {
      this.kind = kind;
    }

    @Override
    public String toString() {
      return "Weather[" + kind + "]";
    }
  }

  static final class Health {
    @Subscribe(priority = 10)
    void onDamage(Damage damage) {}
  }

  static final class Renderer {
    @Subscribe(lane = "ui")
    void onDamage(Damage damage) {}
  }

  static final class AiLog {
    @Subscribe(hidden = true, tags = "AI")
    void log(Object message, Envelope envelope) {}
  }

  static final class World {
    @Subscribe(sticky = true)
    void onWeather(Weather weather) {}
  }

  private final MessageBus bus =
      TestBuses.rethrowingBuilder().lane("ui", new ManualExecutor()).build();
  private final Renderer renderer = new Renderer(); // held weakly by the bus, strongly here

  /** A tank of two components at one address, a hidden log, a named world, a sticky message. */
  private Address populate() {
    Address tank = bus.createAddress();
    bus.register(new Health(), tank);
    bus.registration().weakly().at(tank).register(renderer);
    bus.registration().observingAll().register(new AiLog());
    bus.register(new World()).bind("world");
    bus.sticky().post(new Weather("rain"));
    return tank;
  }

  @Test
  void theTableShowsEachTypesHandlersInDeliveryOrderTheAddressesAndTheStickyMessages() {
    populate();

    String name = BusDescriptionTest.class.getName();
    assertEquals(
        "Herald bus: 4 registrations, 4 handlers, 2 addresses, 1 sticky message\n"
            + "handlers by the message type they take, each type's in delivery order:\n"
            + "  "
            + name
            + "$Damage\n"
            + "      10  "
            + name
            + "$Health.onDamage  strong, at Address#1\n"
            + "       0  "
            + name
            + "$Renderer.onDamage  weak, at Address#1, lane ui\n"
            + "  "
            + name
            + "$Weather\n"
            + "       0  "
            + name
            + "$World.onWeather  strong, at Address#2, sticky\n"
            + "  java.lang.Object\n"
            + "       0  "
            + name
            + "$AiLog.log  strong, observing all, tags [AI], hidden, envelope\n"
            + "addresses:\n"
            + "  Address#1: "
            + name
            + "$Health, "
            + name
            + "$Renderer\n"
            + "  Address#2 named \"world\": "
            + name
            + "$World\n"
            + "sticky messages:\n"
            + "  "
            + name
            + "$Weather, broadcast: Weather[rain]\n",
        bus.describe().toString());
  }

  @Test
  void eachHandlerSaysHowItWasRegistered() {
    Address tank = populate();

    BusDescription description = bus.describe();

    List<BusDescription.Handler> damage = description.handlersByType().get(Damage.class);
    assertEquals(2, damage.size());
    BusDescription.Handler health = damage.get(0);
    assertEquals(Damage.class, health.messageType());
    assertEquals(Health.class.getName(), health.listenerClass());
    assertEquals(Health.class.getName(), health.declaringClass());
    assertEquals("onDamage", health.method());
    assertEquals(10, health.priority());
    assertFalse(health.isWeak());
    assertSame(tank, health.address());
    assertNull(health.lane());
    BusDescription.Handler lane = damage.get(1);
    assertTrue(lane.isWeak());
    assertEquals("ui", lane.lane());
    assertTrue(lane.isSerialized(), "a lane serializes its handlers");
    BusDescription.Handler log = description.handlersByType().get(Object.class).get(0);
    assertEquals(Set.of("AI"), log.tags());
    assertTrue(log.isHidden());
    assertTrue(log.takesEnvelope());
    assertTrue(log.observesAll());
    assertNull(log.address(), "made when first needed, and nothing needed it");
    assertTrue(description.handlersByType().get(Weather.class).get(0).isSticky());
    BusDescription.AddressListing world = description.addresses().get(1);
    assertEquals(List.of("world"), world.names());
    assertEquals(List.of(World.class.getName()), world.registered());
    BusDescription.StickyMessage weather = description.stickyMessages().get(0);
    assertEquals(Weather.class, weather.type());
    assertNull(weather.address());
    assertEquals("Weather[rain]", weather.text());
  }

  @Test
  void handlersForAClassMergesTheTypesItIsAnInstanceOfInDeliveryOrder() {
    populate();

    List<String> order = new ArrayList<>();
    for (BusDescription.Handler handler : bus.describe().handlersFor(Damage.class)) {
      order.add(handler.declaringClass() + "." + handler.method());
    }

    String name = BusDescriptionTest.class.getName();
    assertEquals(
        List.of(name + "$Health.onDamage", name + "$Renderer.onDamage", name + "$AiLog.log"),
        order);
  }

  @Test
  void aStickyMessagesTextIsCut() {
    bus.sticky().post(new Weather("x".repeat(500)));

    String text = bus.describe().stickyMessages().get(0).text();

    assertEquals(BusDescription.TEXT_LIMIT, text.length());
    assertTrue(text.endsWith("..."), text);
  }

  /** A message whose text cannot be had: its toString throws. */
  static final class Unprintable {
    @Override
    public String toString() {
      throw new IllegalStateException("no text for you");
    }
  }

  /** A message whose toString breaks its contract and returns null. */
  static final class Nameless {
    @Override
    public String toString() {
      return null;
    }
  }

  @Test
  void aStickyMessageWhoseToStringThrowsOrReturnsNullIsDescribedAllTheSame() {
    bus.sticky().post(new Unprintable());
    bus.sticky().post(new Nameless());
    bus.sticky().post(new Weather("fog"));

    BusDescription description = bus.describe();

    List<BusDescription.StickyMessage> kept = description.stickyMessages();
    assertEquals(3, kept.size());
    assertTrue(kept.get(0).text().contains("IllegalStateException"), kept.get(0).text());
    assertEquals("null", kept.get(1).text());
    assertEquals("Weather[fog]", kept.get(2).text());
    assertTrue(description.toString().contains("Weather[fog]"), description.toString());
  }

  @Test
  void aDescriptionIsASnapshotThatLaterChangesDoNotTouch() {
    populate();
    BusDescription before = bus.describe();

    bus.register(new Health());

    assertEquals(4, before.handlers().size());
    assertEquals(5, bus.describe().handlers().size());
    assertThrows(UnsupportedOperationException.class, () -> before.handlers().clear());
    assertThrows(
        UnsupportedOperationException.class, () -> before.handlersByType().remove(Damage.class));
  }

  @Test
  void describingWhileOtherThreadsRegisterAndCloseSeesWholeRegistrations() throws Exception {
    bus.register(new Health());
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread churn =
        new Thread(
            () -> {
              try {
                while (!stop.get()) {
                  bus.register(new World()).close();
                  bus.registration().observingAll().register(new AiLog()).close();
                }
              } catch (Throwable failure) {
                failed.set(failure);
              }
            });
    churn.start();
    try {
      for (int i = 0; i < 2_000; i++) {
        BusDescription description = bus.describe();
        int handlers = description.handlers().size();
        assertTrue(handlers >= 1 && handlers <= 3, description.toString());
        assertEquals(handlers, description.registrations(), description.toString());
        description.toString();
      }
    } finally {
      stop.set(true);
      churn.join();
    }
    assertNull(failed.get());
  }
}
