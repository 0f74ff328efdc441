package dev.herald.guice;

import com.google.inject.AbstractModule;
import com.google.inject.matcher.Matchers;
import dev.herald.MessageBus;
import java.util.Objects;

/**
 * Binds {@link MessageBus} and registers on it every object Guice injects whose class has handlers.
 *
 * <pre>{@code
 * Injector injector = Guice.createInjector(
 *     new HeraldModule(MessageBus.builder().errorHandler(alerts)), new GameModule());
 * injector.getInstance(MessageBus.class).post(new UnderAttack("Red Baron"));
 * }</pre>
 *
 * <p><b>What is registered.</b> Every object whose members Guice injects, whatever its scope: those
 * it constructs (bound or just in time), those bound with {@code toInstance}, and those given to
 * {@code requestInjection} or {@code Injector.injectMembers}; and every object a provider returns
 * ({@code @Provides} methods, {@code toProvider}, {@code @ProvidedBy}), which Guice shows to no
 * type listener. An object is registered if a dispatcher was generated for its class, a superclass
 * or an interface ({@link MessageBus#hasHandlers}), once: registration is by identity, so a
 * singleton is registered once and an unscoped binding's every new instance once, and an object
 * registered by other code too keeps one registration. Which classes have handlers is read from
 * what Herald's processor generated, never by searching methods.
 *
 * <p><b>Strongly, by default.</b> Guice has no hook for the end of an object's life, so an object
 * registered strongly stays registered, and reachable, until it is unregistered ({@link
 * MessageBus#unregister}) or the bus is closed. For singletons that is what is wanted; an unscoped
 * listener adds a registration at every injection, each kept for good. {@link #registeringWeakly()}
 * holds them weakly instead: an object then receives for as long as something else holds it (a
 * singleton as long as its injector is reachable, so the application must keep the injector), and
 * one that nothing holds, such as an unscoped listener injected only to be registered, stops
 * receiving at the next garbage collection. The same holds for an injector whose creation failed
 * after it made some listeners: held strongly, they stay on the bus; held weakly, they go with it.
 *
 * <p><b>Misbuilt listeners fail the injector.</b> A class whose {@code @Subscribe} methods have no
 * dispatcher (compiled without {@code herald-processor}, or still carrying another bus's annotation
 * after a port) is an error of Guice's, naming the class and saying what to fix: at {@code
 * createInjector} for the classes it binds, at {@code getInstance} for a just-in-time binding. What
 * a provider returns is judged when it is provided: such an object makes the provision fail.
 *
 * <p><b>Install it once, in the parent.</b> Guice applies a parent injector's listeners to its
 * child injectors (and private modules), so objects a child injects are registered on the same bus.
 * Installing a {@code HeraldModule} of another bus beside it, or one in a child, fails: {@code
 * MessageBus} is bound already. Modules of the same bus and strength are equal, so Guice installs
 * that module once however many modules install it. Installed only in a child (or a private
 * module), it sees only the bindings made there: Guice makes a just-in-time binding in the parent
 * whenever the class needs nothing of the child's, and nothing registers what the parent makes.
 *
 * <p><b>On the bus the injector binds.</b> Objects are registered on the injector's {@code
 * MessageBus}, which is this module's bus unless {@code Modules.override} replaced the binding (a
 * test's own bus, or another {@code HeraldModule}'s): they then hear what is posted to that bus.
 * Which classes have handlers is still answered by this module's bus.
 *
 * <p>The module never closes the bus, even one it built: Guice has no shutdown, so the application
 * closes it ({@code injector.getInstance(MessageBus.class).close()}).
 *
 * @since 0.1
 */
public final class HeraldModule extends AbstractModule {
  private final MessageBus bus;
  private final boolean weakly;

  /** Binds a new bus, built by {@link MessageBus#create()}. */
  public HeraldModule() {
    this(MessageBus.create(), false);
  }

  /** Binds {@code bus}. */
  public HeraldModule(MessageBus bus) {
    this(Objects.requireNonNull(bus, "bus"), false);
  }

  /**
   * Binds a bus built now by {@code builder}, once: every injector made with this module has the
   * same bus.
   */
  public HeraldModule(MessageBus.Builder builder) {
    this(Objects.requireNonNull(builder, "builder").build(), false);
  }

  private HeraldModule(MessageBus bus, boolean weakly) {
    this.bus = bus;
    this.weakly = weakly;
  }

  /**
   * A module of the same bus that registers objects weakly ({@link MessageBus#registerWeakly}):
   * each receives only for as long as something else holds it. See the class comment for the
   * trade-off.
   */
  public HeraldModule registeringWeakly() {
    return new HeraldModule(bus, true);
  }

  /** The bus this module binds. */
  public MessageBus bus() {
    return bus;
  }

  @Override
  protected void configure() {
    bind(MessageBus.class).toInstance(bus);
    Registrar registrar = new Registrar(bus, getProvider(MessageBus.class), weakly);
    bindListener(Matchers.any(), new ListenerTypes(registrar));
    bindListener(new ProviderBindings(), new ProvidedListeners(registrar));
  }

  /** Whether {@code other} is a module of the same bus (by identity) and strength. */
  @Override
  public boolean equals(Object other) {
    return other instanceof HeraldModule
        && ((HeraldModule) other).bus == bus
        && ((HeraldModule) other).weakly == weakly;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(bus) * 31 + (weakly ? 1 : 0);
  }

  @Override
  public String toString() {
    return "HeraldModule[" + (weakly ? "weakly" : "strongly") + ", " + bus + "]";
  }
}
