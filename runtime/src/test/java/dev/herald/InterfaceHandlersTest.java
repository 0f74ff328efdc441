package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Attack;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code @Subscribe} on interface methods: called through the interface, so every implementation
 * registers, and each method runs once per message however many types declare it.
 */
class InterfaceHandlersTest {
  private final MessageBus bus = TestBuses.rethrowing();
  private final List<String> log = new ArrayList<>();

  @FunctionalInterface
  interface AttackListener {
    @Subscribe
    void onAttack(Attack attack);
  }

  /** Re-declares the inherited handler with a priority of its own, and adds one. */
  interface Commander extends AttackListener {
    @Subscribe(priority = 5)
    @Override
    void onAttack(Attack attack);

    @Subscribe
    default void onPing(Ping ping) {
      onAttack(new Attack("ping " + ping.number));
    }
  }

  /** Declares the same method as AttackListener, unrelated to it. */
  interface Sentry {
    @Subscribe(priority = 9)
    void onAttack(Attack attack);
  }

  /** Implements the interface's handler without annotating it: called through the interface. */
  static class Gunner implements AttackListener {
    @Override
    public void onAttack(Attack attack) {
      Logs.CURRENT.get().add("gunner:" + attack);
    }
  }

  /** Annotates its implementation again, with its own priority: that row counts, once. */
  static class Captain implements AttackListener {
    @Subscribe(priority = 3)
    @Override
    public void onAttack(Attack attack) {
      Logs.CURRENT.get().add("captain:" + attack);
    }
  }

  /** Inherits an interface through its superclass and implements another with the same method. */
  static class Lookout extends Gunner implements Sentry {}

  /** Where the listeners above write, one list per test. */
  static final class Logs {
    static final ThreadLocal<List<String>> CURRENT = new ThreadLocal<>();
  }

  @Test
  void lambdaOfAListenerInterfaceReceives() {
    AttackListener lambda = attack -> log.add("lambda:" + attack);
    bus.register(lambda);

    assertEquals(1, bus.post(new Attack("north")));
    assertEquals(List.of("lambda:north"), log);
  }

  @Test
  void anonymousClassReceivesThroughItsInterface() {
    bus.register(
        new AttackListener() {
          @Override
          public void onAttack(Attack attack) {
            log.add("anonymous:" + attack);
          }
        });

    assertEquals(1, bus.post(new Attack("east")));
    assertEquals(List.of("anonymous:east"), log);
  }

  @Test
  void classThatImplementsWithoutAnnotatingIsCalledThroughTheInterface() {
    Logs.CURRENT.set(log);
    bus.register(new Gunner());

    assertEquals(1, bus.post(new Attack("south")));
    assertEquals(List.of("gunner:south"), log);
  }

  @Test
  void classThatAnnotatesItsImplementationRunsOnceWithItsOwnPriority() {
    Logs.CURRENT.set(log);
    bus.register(new Captain());
    bus.subscribe(Attack.class, attack -> log.add("subscription"));
    // a subscription has priority 0: the captain's 3 puts it first, and it runs once
    assertEquals(2, bus.post(new Attack("west")));
    assertEquals(List.of("captain:west", "subscription"), log);
  }

  @Test
  void subInterfaceThatRedeclaresAHandlerRunsItOnceWithItsPriority() {
    Commander commander = attack -> log.add("commander:" + attack);
    bus.register(commander);
    bus.registration().strongly().register((AttackListener) attack -> log.add("plain:" + attack));

    assertEquals(2, bus.post(new Attack("hill")));
    // Commander's priority 5 beats the plain listener's 0; AttackListener's row is not added
    assertEquals(List.of("commander:hill", "plain:hill"), log);
    log.clear();

    // the default method is a handler too, and it calls the lambda through the interface
    assertEquals(1, bus.post(new Ping(7)));
    assertEquals(List.of("commander:ping 7"), log);
  }

  @Test
  void methodDeclaredByTwoInterfacesAndInheritedFromASuperclassRunsOnce() {
    Logs.CURRENT.set(log);
    bus.register(new Lookout());

    assertEquals(1, bus.post(new Attack("bridge")));
    assertEquals(List.of("gunner:bridge"), log);
  }
}
