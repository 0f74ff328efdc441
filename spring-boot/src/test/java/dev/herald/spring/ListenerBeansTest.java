package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.BusDescription;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.aopalliance.intercept.MethodInterceptor;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.CustomScopeConfigurer;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.context.annotation.Scope;
import org.springframework.context.annotation.ScopedProxyMode;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.context.event.EventListener;

/**
 * Beans with a generated dispatcher are registered with the context's bus when initialised and
 * unregistered when destroyed, in a real Spring application context, whatever their scope.
 */
class ListenerBeansTest {
  private final ApplicationContextRunner contexts =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(HeraldAutoConfiguration.class));

  @Configuration(proxyBeanMethods = false)
  static class OneScoreboard {
    @Bean
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void aSingletonListenerIsRegisteredOnceAndUnregisteredWhenTheContextCloses() {
    AtomicReference<MessageBus> kept = new AtomicReference<>();
    contexts
        .withUserConfiguration(OneScoreboard.class)
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              kept.set(bus);

              assertEquals(1, bus.post(new Goal("home")));
              assertEquals(List.of("home"), context.getBean(Scoreboard.class).goals);
              BusDescription.Handler handler = bus.describe().handlersFor(Goal.class).get(0);
              assertEquals(Scoreboard.class.getName(), handler.listenerClass());
              assertFalse(handler.isWeak());
            });

    assertTrue(kept.get().isClosed());
    assertEquals(0, kept.get().describe().registrations());
  }

  @Configuration(proxyBeanMethods = false)
  static class PrototypeScoreboards {
    @Bean
    @Scope(BeanDefinition.SCOPE_PROTOTYPE)
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void prototypeListenersAreHeldWeaklyAndUnregisteredWhenDestroyed() {
    contexts
        .withUserConfiguration(PrototypeScoreboards.class)
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              Scoreboard first = context.getBean(Scoreboard.class);
              Scoreboard second = context.getBean(Scoreboard.class);

              assertEquals(2, bus.post(new Goal("a")));
              assertTrue(bus.describe().handlersFor(Goal.class).get(0).isWeak());

              context.getBeanFactory().destroyBean(first);
              assertEquals(1, bus.post(new Goal("b")));
              assertEquals(List.of("a"), first.goals);
              assertEquals(List.of("a", "b"), second.goals);
            });
  }

  @Test
  void aPrototypeListenerNobodyKeepsIsForgottenNotLeaked() {
    contexts
        .withUserConfiguration(PrototypeScoreboards.class)
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              WeakReference<Scoreboard> dropped =
                  new WeakReference<>(context.getBean(Scoreboard.class));

              for (int i = 0; i < 100 && dropped.get() != null; i++) {
                System.gc();
              }

              assertNull(dropped.get(), "the context and the bus let the prototype go");
              assertEquals(0, bus.post(new Goal("nobody")));
            });
  }

  @Test
  void prototypesMadeOnManyThreadsAtOnceAreEachRegisteredOnce() {
    contexts
        .withUserConfiguration(PrototypeScoreboards.class)
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              List<Scoreboard> made = new CopyOnWriteArrayList<>();
              List<Thread> threads = new java.util.ArrayList<>();
              for (int t = 0; t < 8; t++) {
                Thread thread =
                    new Thread(
                        () -> {
                          for (int i = 0; i < 200; i++) {
                            made.add(context.getBean(Scoreboard.class));
                          }
                        });
                thread.start();
                threads.add(thread);
              }
              for (Thread thread : threads) {
                thread.join();
              }

              assertEquals(1600, bus.post(new Goal("all")));
              for (Scoreboard scoreboard : made) {
                assertEquals(List.of("all"), scoreboard.goals());
              }
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class RoundScoped {
    static final RoundScope ROUND = new RoundScope();

    @Bean
    static CustomScopeConfigurer roundScope() {
      CustomScopeConfigurer scopes = new CustomScopeConfigurer();
      scopes.addScope("round", ROUND);
      return scopes;
    }

    @Bean
    @Scope(scopeName = "round", proxyMode = ScopedProxyMode.TARGET_CLASS)
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void aScopedListenerIsRegisteredOncePerScopeAndUnregisteredWhenTheScopeEnds() {
    contexts
        .withUserConfiguration(RoundScoped.class)
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              Scoreboard proxy = context.getBean(Scoreboard.class);
              assertEquals(0, proxy.goals().size(), "the scoped proxy made the round's bean");

              // the round's bean receives, once; the proxy itself is no listener
              assertEquals(1, bus.post(new Goal("first round")));
              assertEquals(List.of("first round"), proxy.goals());

              RoundScoped.ROUND.end();
              assertEquals(0, bus.post(new Goal("between rounds")));
            });
  }

  /** A bean made before the bus: it needs nothing, so the context may make it first. */
  static class EarlyListener {
    final List<String> goals = new CopyOnWriteArrayList<>();

    @Subscribe
    void onGoal(Goal goal) {
      goals.add(goal.team());
    }
  }

  /** Posts as soon as it is made, so the bus must be ready and the early listener in it. */
  static class KickOff {
    KickOff(MessageBus bus) {
      bus.post(new Goal("kick-off"));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class EarlyAndKickOff {
    @Bean
    EarlyListener earlyListener() {
      return new EarlyListener();
    }

    @Bean
    KickOff kickOff(MessageBus bus) {
      return new KickOff(bus);
    }
  }

  @Test
  void listenersMadeBeforeTheBusAreRegisteredBeforeAnyBeanCanPost() {
    contexts
        .withUserConfiguration(EarlyAndKickOff.class)
        .run(
            context ->
                assertEquals(List.of("kick-off"), context.getBean(EarlyListener.class).goals));
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnBus {
    static final MessageBus BUS = MessageBus.builder().build();

    @Bean
    MessageBus myBus() {
      return BUS;
    }

    @Bean
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void anApplicationsOwnBusReplacesTheAutoConfiguredOneAndReceivesTheListeners() {
    contexts
        .withUserConfiguration(OwnBus.class)
        .run(
            context -> {
              assertSame(OwnBus.BUS, context.getBean(MessageBus.class));
              assertEquals(1, OwnBus.BUS.post(new Goal("own")));
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoBuses {
    @Bean
    @Primary
    MessageBus main() {
      return MessageBus.create();
    }

    @Bean
    MessageBus audit() {
      return MessageBus.create();
    }

    @Bean
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void withSeveralBusesThePrimaryOneReceivesTheListeners() {
    contexts
        .withUserConfiguration(TwoBuses.class)
        .run(
            context -> {
              assertEquals(1, context.getBean("main", MessageBus.class).post(new Goal("g")));
              assertEquals(0, context.getBean("audit", MessageBus.class).post(new Goal("g")));
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoBusesNonePrimary {
    @Bean
    MessageBus main() {
      return MessageBus.create();
    }

    @Bean
    MessageBus audit() {
      return MessageBus.create();
    }

    @Bean
    @Scope(BeanDefinition.SCOPE_PROTOTYPE)
    StringBuilder draft() {
      return new StringBuilder();
    }
  }

  @Test
  void withSeveralBusesAndNonePrimaryTheBeansMadeLaterAreNotKept() {
    contexts
        .withUserConfiguration(TwoBusesNonePrimary.class)
        .run(
            context -> {
              assertNull(context.getStartupFailure());
              WeakReference<Object> draft = new WeakReference<>(context.getBean("draft"));

              for (int i = 0; i < 100 && draft.get() != null; i++) {
                System.gc();
              }

              assertNull(draft.get(), "a bean made after the start is kept for no bus");
            });
  }

  /** Makes a new scoreboard each time it is asked: its products are not singletons. */
  static class ScoreboardFactory implements FactoryBean<Scoreboard> {
    @Override
    public Scoreboard getObject() {
      return new Scoreboard();
    }

    @Override
    public Class<?> getObjectType() {
      return Scoreboard.class;
    }

    @Override
    public boolean isSingleton() {
      return false;
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class ScoreboardsFromAFactory {
    @Bean
    ScoreboardFactory scoreboards() {
      return new ScoreboardFactory();
    }
  }

  @Test
  void theProductsOfAFactoryBeanThatIsNoSingletonAreHeldWeaklyAsPrototypesAre() {
    contexts
        .withUserConfiguration(ScoreboardsFromAFactory.class)
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              Scoreboard kept = context.getBean(Scoreboard.class);
              WeakReference<Scoreboard> dropped =
                  new WeakReference<>(context.getBean(Scoreboard.class));

              for (int i = 0; i < 100 && dropped.get() != null; i++) {
                System.gc();
              }

              assertNull(dropped.get(), "the bus keeps every product of the factory");
              assertEquals(1, bus.post(new Goal("kept")));
              assertEquals(List.of("kept"), kept.goals());
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class LazyEverything {
    @Bean
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void withLazyInitializationAListenerNobodyAsksForIsMadeAndReceives() {
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(LazyEverything.class, HeraldAutoConfiguration.class)
            .web(WebApplicationType.NONE)
            .lazyInitialization(true)
            .run()) {
      MessageBus bus = context.getBean(MessageBus.class);

      assertEquals(1, bus.post(new Goal("lazy")), "the lazy listener was never made");
      assertEquals(List.of("lazy"), context.getBean(Scoreboard.class).goals());
    }
  }

  /**
   * A port of Guava's pattern: on refresh, every bean is offered to the bus. With the integration
   * registering the same beans, each listener still receives each message once.
   */
  static class RegisterEverything {
    private final MessageBus bus;
    private final org.springframework.context.ApplicationContext context;

    RegisterEverything(MessageBus bus, org.springframework.context.ApplicationContext context) {
      this.bus = bus;
      this.context = context;
    }

    @EventListener(ContextRefreshedEvent.class)
    void registerAll() {
      for (String name : context.getBeanDefinitionNames()) {
        bus.registerIfListener(context.getBean(name));
      }
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class PortedHook {
    @Bean
    RegisterEverything registerEverything(
        MessageBus bus, org.springframework.context.ApplicationContext context) {
      return new RegisterEverything(bus, context);
    }

    @Bean
    Scoreboard scoreboard() {
      return new Scoreboard();
    }
  }

  @Test
  void aPortedHookThatRegistersEveryBeanWorksBesideTheIntegrationAndDeliversOnce() {
    contexts
        .withUserConfiguration(PortedHook.class)
        .run(
            context -> {
              assertNull(context.getStartupFailure());
              assertEquals(1, context.getBean(MessageBus.class).post(new Goal("once")));
              assertEquals(List.of("once"), context.getBean(Scoreboard.class).goals);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class AdvisedScoreboard {
    static final AtomicInteger ADVISED = new AtomicInteger();

    @Bean
    Scoreboard scoreboard() {
      ProxyFactory proxy = new ProxyFactory(new Scoreboard());
      proxy.setProxyTargetClass(true);
      proxy.addAdvice(
          (MethodInterceptor)
              invocation -> {
                ADVISED.incrementAndGet();
                return invocation.proceed();
              });
      return (Scoreboard) proxy.getProxy();
    }
  }

  @Test
  void aClassProxiedListenerIsRegisteredAndItsAdviceRunsAroundTheHandler() {
    contexts
        .withUserConfiguration(AdvisedScoreboard.class)
        .run(
            context -> {
              Scoreboard proxy = context.getBean(Scoreboard.class);
              int before = AdvisedScoreboard.ADVISED.get();

              assertEquals(1, context.getBean(MessageBus.class).post(new Goal("advised")));

              assertEquals(before + 1, AdvisedScoreboard.ADVISED.get(), "the handler was advised");
              assertEquals(List.of("advised"), proxy.goals());
            });
  }

  /** The interface a listener is proxied through. */
  interface Named {
    String name();
  }

  static class NamedScoreboard extends Scoreboard implements Named {
    @Override
    public String name() {
      return "board";
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class InterfaceProxy {
    @Bean
    Named scoreboard() {
      ProxyFactory proxy = new ProxyFactory(new NamedScoreboard());
      proxy.setInterfaces(Named.class);
      return (Named) proxy.getProxy();
    }
  }

  @Test
  void aListenerProxiedThroughItsInterfacesFailsTheStartInsteadOfNeverReceiving() {
    contexts
        .withUserConfiguration(InterfaceProxy.class)
        .run(
            context -> {
              Throwable failure = context.getStartupFailure();
              assertNotNull(failure);
              String message = messages(failure);
              assertTrue(message.contains("'scoreboard'"), message);
              assertTrue(message.contains("proxy-target-class"), message);
            });
  }

  static String messages(Throwable failure) {
    StringBuilder all = new StringBuilder();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      all.append(cause.getMessage()).append('\n');
    }
    return all.toString();
  }
}
