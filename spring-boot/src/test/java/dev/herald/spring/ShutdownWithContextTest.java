package dev.herald.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The bus closes with its context: what its lanes hold is delivered within {@code
 * herald.shutdown.timeout}, on the context's own executor, and what could not be is logged with its
 * count.
 */
@ExtendWith(OutputCaptureExtension.class)
class ShutdownWithContextTest {
  /** A lane handler that waits for the test's word before it finishes each call. */
  static class SlowReferee {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final List<String> decided = new CopyOnWriteArrayList<>();

    @Subscribe(lane = "var")
    void onGoal(Goal goal) throws InterruptedException {
      entered.countDown();
      release.await(30, TimeUnit.SECONDS);
      decided.add(goal.team());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Var {
    @Bean
    SlowReferee referee() {
      return new SlowReferee();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @org.springframework.context.annotation.Import(Var.class)
  static class VarThread {
    /** A plain executor: unlike Spring's, it does not wait for its tasks when the context stops. */
    @Bean(destroyMethod = "shutdownNow")
    ExecutorService varThread() {
      return Executors.newSingleThreadExecutor();
    }
  }

  private static AnnotationConfigApplicationContext start(
      Class<?> configuration, String... properties) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    org.springframework.boot.test.util.TestPropertyValues.of(properties).applyTo(context);
    context.register(
        configuration, TaskExecutionAutoConfiguration.class, HeraldAutoConfiguration.class);
    context.refresh();
    return context;
  }

  @Test
  void closingTheContextDeliversWhatTheLaneHoldsOnTheContextsTaskExecutor() throws Exception {
    AnnotationConfigApplicationContext context =
        start(Var.class, "herald.lanes.var=applicationTaskExecutor");
    MessageBus bus = context.getBean(MessageBus.class);
    SlowReferee referee = context.getBean(SlowReferee.class);
    for (String team : List.of("a", "b", "c")) {
      bus.post(new Goal(team));
    }
    assertTrue(referee.entered.await(30, TimeUnit.SECONDS));

    AtomicReference<List<String>> decidedWhenClosed = new AtomicReference<>();
    Thread closing =
        new Thread(
            () -> {
              context.close();
              decidedWhenClosed.set(List.copyOf(referee.decided));
            });
    closing.start();
    while (!bus.isClosed()) {
      Thread.onSpinWait();
    }
    referee.release.countDown();
    closing.join(TimeUnit.SECONDS.toMillis(60));

    assertEquals(List.of("a", "b", "c"), decidedWhenClosed.get());
  }

  @Test
  void whatCouldNotFinishWithinTheTimeoutIsLoggedWithItsCount(CapturedOutput output)
      throws Exception {
    AnnotationConfigApplicationContext context =
        start(VarThread.class, "herald.lanes.var=varThread", "herald.shutdown.timeout=100ms");
    MessageBus bus = context.getBean(MessageBus.class);
    SlowReferee referee = context.getBean(SlowReferee.class);
    for (String team : List.of("a", "b", "c")) {
      bus.post(new Goal(team));
    }
    assertTrue(referee.entered.await(30, TimeUnit.SECONDS));

    try {
      context.close();
    } finally {
      referee.release.countDown();
    }

    assertTrue(
        output.getAll().contains("Herald's bus closed with 3 messages or handler calls not done"),
        output.getAll());
    assertTrue(output.getAll().contains("herald.shutdown.timeout"), output.getAll());
  }
}
