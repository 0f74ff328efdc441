package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The {@code herald.*} properties build the bus: lanes on the context's executors, the rest. */
class BusPropertiesTest {
  private final ApplicationContextRunner contexts =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(HeraldAutoConfiguration.class));

  /** Records the thread each lane call ran on. */
  static class Referee {
    final List<String> threads = new CopyOnWriteArrayList<>();
    final CountDownLatch called = new CountDownLatch(1);

    @Subscribe(lane = "replays")
    void onGoal(Goal goal) {
      threads.add(Thread.currentThread().getName());
      called.countDown();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class ReplayExecutor {
    @Bean(destroyMethod = "shutdown")
    ExecutorService replayExecutor() {
      return Executors.newSingleThreadExecutor(task -> new Thread(task, "replay-thread"));
    }

    @Bean
    Referee referee() {
      return new Referee();
    }
  }

  @Test
  void aLaneRunsOnTheExecutorBeanItsPropertyNames() {
    contexts
        .withUserConfiguration(ReplayExecutor.class)
        .withPropertyValues("herald.lanes.replays=replayExecutor")
        .run(
            context -> {
              Referee referee = context.getBean(Referee.class);
              context.getBean(MessageBus.class).post(new Goal("away"));

              assertTrue(referee.called.await(30, TimeUnit.SECONDS));
              assertEquals(List.of("replay-thread"), referee.threads);
            });
  }

  @Test
  void aLaneNamingNoExecutorBeanFailsTheStartSayingWhich() {
    contexts
        .withUserConfiguration(ReplayExecutor.class)
        .withPropertyValues("herald.lanes.replays=noSuchExecutor")
        .run(
            context -> {
              assertNotNull(context.getStartupFailure());
              String message = ListenerBeansTest.messages(context.getStartupFailure());
              assertTrue(message.contains("herald.lanes.replays names 'noSuchExecutor'"), message);
            });
  }

  @Test
  void aNegativeShutdownTimeoutFailsTheStartNamingTheProperty() {
    // else the bus would refuse it only when the context closes, and stay open
    contexts
        .withPropertyValues("herald.shutdown.timeout=-1s")
        .run(
            context -> {
              assertNotNull(context.getStartupFailure());
              String message = ListenerBeansTest.messages(context.getStartupFailure());
              assertTrue(message.contains("herald.shutdown.timeout"), message);
              assertTrue(message.contains("must not be negative"), message);
            });
  }

  /** Posts a nested message from its handler, and records the order. */
  static class Commentator {
    final List<String> said = new CopyOnWriteArrayList<>();
    MessageBus bus;

    @Subscribe
    void onGoal(Goal goal) {
      said.add("goal " + goal.team());
      if (goal.team().equals("home")) {
        bus.post(new Goal("replay"));
      }
      said.add("after " + goal.team());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Commentary {
    @Bean
    Commentator commentator() {
      return new Commentator();
    }
  }

  @Test
  void nestedPostsBreadthFirstQueuesAHandlersPost() {
    contexts
        .withUserConfiguration(Commentary.class)
        .withPropertyValues("herald.nested-posts=breadth-first")
        .run(
            context -> {
              Commentator commentator = context.getBean(Commentator.class);
              commentator.bus = context.getBean(MessageBus.class);
              commentator.bus.post(new Goal("home"));

              assertEquals(
                  List.of("goal home", "after home", "goal replay", "after replay"),
                  commentator.said);
            });
  }

  @Test
  void stickyCapacityBoundsWhatTheBusKeeps() {
    // a message of each of two classes, kept by class: a capacity of one keeps the last
    contexts
        .withPropertyValues("herald.sticky.capacity=1", "herald.sticky.expiry=1h")
        .run(
            context -> {
              MessageBus bus = context.getBean(MessageBus.class);
              for (int i = 0; i < 3; i++) {
                bus.sticky().post(i);
                bus.sticky().post("s" + i);
              }

              assertEquals(1, bus.statistics().stickyMessages());
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class Customized {
    static final List<String> failures = new CopyOnWriteArrayList<>();

    @Bean
    MessageBusCustomizer rethrowNothing() {
      return builder -> builder.errorHandler((error, context) -> failures.add(error.getMessage()));
    }

    @Bean
    Thrower thrower() {
      return new Thrower();
    }
  }

  /** A handler that throws, to show the customizer's error handler. */
  static class Thrower {
    @Subscribe
    void onGoal(Goal goal) {
      throw new IllegalStateException("offside");
    }
  }

  @Test
  void customizersChangeTheBuilderAfterTheProperties() {
    contexts
        .withUserConfiguration(Customized.class)
        .run(
            context -> {
              context.getBean(MessageBus.class).post(new Goal("disallowed"));

              assertEquals(List.of("offside"), Customized.failures);
            });
  }
}
