package dev.herald.benchmarks.game;

import com.artemis.World;
import com.artemis.WorldConfigurationBuilder;
import com.badlogic.ashley.signals.Signal;
import com.badlogic.gdx.ai.msg.MessageDispatcher;
import dev.herald.MessageBus;
import net.mostlyoriginal.api.event.common.EventDispatchStrategy;
import net.mostlyoriginal.api.event.common.EventSystem;
import net.mostlyoriginal.api.event.common.SubscribeAnnotationFinder;
import net.mostlyoriginal.api.event.dispatcher.BasicEventDispatcher;
import net.mostlyoriginal.api.event.dispatcher.FastEventDispatcher;
import net.mostlyoriginal.api.event.dispatcher.PollingEventDispatcher;
import net.mostlyoriginal.api.event.dispatcher.PollingPooledEventDispatcher;

/**
 * Builds each game-stack bus the way its documentation shows, with {@code receivers} registered;
 * used by setup, never inside a measured operation.
 */
final class GameStacks {
  /** The gdx-ai message code every receiver listens to. */
  static final int HIT = 1;

  private GameStacks() {}

  static MessageBus herald(HitListener[] receivers) {
    MessageBus bus = MessageBus.create();
    for (HitListener receiver : receivers) {
      bus.register(receiver);
    }
    return bus;
  }

  @SuppressWarnings("unchecked")
  static Signal<Hit> ashley(HitListener[] receivers) {
    Signal<Hit> signal = new Signal<>();
    for (HitListener receiver : receivers) {
      signal.add((com.badlogic.ashley.signals.Listener<Hit>) receiver);
    }
    return signal;
  }

  static MessageDispatcher gdxAi(HitListener[] receivers) {
    MessageDispatcher dispatcher = new MessageDispatcher();
    for (HitListener receiver : receivers) {
      dispatcher.addListener((com.badlogic.gdx.ai.msg.Telegraph) receiver, HIT);
    }
    return dispatcher;
  }

  /**
   * An artemis-odb world whose {@code EventSystem} dispatches with {@code strategy}, the receivers
   * registered on it through its {@code @Subscribe} finder.
   */
  static EventSystem artemis(EventDispatchStrategy strategy, HitListener[] receivers) {
    EventSystem events = new EventSystem(strategy, new SubscribeAnnotationFinder());
    new World(new WorldConfigurationBuilder().with(events).build());
    for (HitListener receiver : receivers) {
      events.registerEvents(receiver);
    }
    return events;
  }

  /**
   * The contrib event bus's dispatch strategy that a benchmark method is named after: every one it
   * ships, {@code null} for a method that is not artemis-odb's.
   */
  static EventDispatchStrategy artemisStrategy(String method) {
    switch (method) {
      case "artemisBasic":
        return new BasicEventDispatcher();
      case "artemisFast":
        return new FastEventDispatcher();
      case "artemisPolling":
        return new PollingEventDispatcher();
      case "artemisPollingPooled":
        return new PollingPooledEventDispatcher();
      default:
        return null;
    }
  }
}
