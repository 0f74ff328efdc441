package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.annotation.Subscribe;
import dev.herald.time.ManualTicker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sticky messages: kept per class and per address, replayed to late handlers, bounded. */
class StickyMessagesTest {
  private final List<String> log = new ArrayList<>();
  private final ManualTicker ticker = new ManualTicker();
  private final MessageBus bus = TestBuses.rethrowingBuilder().ticker(ticker).build();

  static final class Weather {
    final String sky;

    Weather(String sky) {
      this.sky = sky;
    }

    @Override
    public String toString() {
      return sky;
    }
  }

  static final class Health {
    final int points;

    Health(int points) {
      this.points = points;
    }

    @Override
    public String toString() {
      return "health " + points;
    }
  }

  static final class Score {}

  static final class Level {}

  final class Panel {
    @Subscribe(sticky = true)
    void onWeather(Weather weather) {
      log.add("panel:" + weather);
    }

    @Subscribe
    void onHealthNotSticky(Health health) {
      log.add("panel:" + health);
    }
  }

  final class HealthBar {
    @Subscribe(sticky = true)
    void onHealth(Health health) {
      log.add("bar:" + health);
    }
  }

  @Test
  void lateStickyHandlerReceivesTheLastMessageOfItsTypeAndOthersDoNot() {
    bus.sticky().post(new Weather("rain"));
    bus.sticky().post(new Weather("sun"));
    bus.sticky().post(new Health(40));

    bus.register(new Panel());

    assertEquals(List.of("panel:sun"), log, "the last one, and only to the sticky handler");
    assertEquals("sun", bus.sticky().get(Weather.class).sky);
  }

  @Test
  void keptPerAddressReplaysOnlyToRegistrationsThere() {
    Address tank = bus.createAddress();
    Address jeep = bus.createAddress();
    bus.sticky().post(new Health(40), Header.to(tank));
    bus.sticky().post(new Health(90), Header.to(jeep));

    bus.register(new HealthBar(), tank);

    assertEquals(List.of("bar:health 40"), log);
    assertEquals(90, bus.sticky().get(Health.class, jeep).points);
    assertNull(bus.sticky().get(Health.class));
  }

  @Test
  void removedOrExpiredMessagesAreNotReplayed() {
    MessageBus expiring =
        MessageBus.builder().ticker(ticker).stickyExpiry(Duration.ofSeconds(5)).build();
    expiring.sticky().post(new Weather("fog"));
    expiring.sticky().post(new Health(10));
    bus.sticky().post(new Weather("snow"));
    assertTrue(bus.sticky().remove(Weather.class));

    ticker.advance(Duration.ofSeconds(6));
    bus.register(new Panel());
    expiring.register(new Panel());
    expiring.registration().sticky().subscribe(Health.class, health -> log.add("lambda:" + health));

    assertEquals(List.of(), log);
    assertNull(expiring.sticky().get(Weather.class));
  }

  @Test
  void stickySubscriptionReceivesKeptMessagesOfSubtypes() {
    bus.sticky().post(new Weather("hail"));
    bus.registration().sticky().subscribe(Object.class, any -> log.add("any:" + any));

    assertEquals(List.of("any:hail"), log);
  }

  @Test
  void aMillionStickyPostsOfRotatingTypesAndAddressesKeepAtMostTheCapacity() {
    MessageBus bounded = MessageBus.builder().stickyCapacity(100).build();
    Address[] addresses = new Address[1_000];
    for (int i = 0; i < addresses.length; i++) {
      addresses[i] = bounded.createAddress();
    }
    Object[] messages = {new Weather("w"), new Health(1), new Score(), new Level()};
    Header[] headers = new Header[addresses.length];
    for (int i = 0; i < headers.length; i++) {
      headers[i] = Header.to(addresses[i]);
    }

    for (int i = 0; i < 1_000_000; i++) {
      bounded
          .sticky()
          .post(messages[i % messages.length], headers[(i / messages.length) % headers.length]);
      if (i % 1_000 == 999) {
        assertEquals(100, bounded.sticky().size());
      }
    }

    assertEquals(100, bounded.sticky().size());
    Address last = addresses[(999_999 / messages.length) % addresses.length];
    assertSame(messages[3], bounded.sticky().get(Level.class, last), "the most recent are kept");
  }
}
