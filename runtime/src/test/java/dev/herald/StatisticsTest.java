package dev.herald;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.herald.TestMessages.Event;
import dev.herald.TestMessages.Ping;
import dev.herald.annotation.Subscribe;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link MessageBus#statistics()}: what went wrong, counted, and the queues, measured. */
class StatisticsTest {
  static final class Failing {
    @Subscribe
    void on(Event event) {
      throw new IllegalStateException("boom");
    }
  }

  static final class Quiet {
    @Subscribe
    void on(Ping ping) {}
  }

  static final class OnLanes {
    @Subscribe(lane = "ui")
    void onUi(Ping ping) {}

    @Subscribe(lane = "audio")
    void onAudio(Ping ping) {}
  }

  static final class Async {
    @Subscribe(async = true)
    void on(Ping ping) {}
  }

  private final ManualExecutor ui = new ManualExecutor();
  private final ManualExecutor audio = new ManualExecutor();
  private final ManualExecutor executor = new ManualExecutor();
  private final MessageBus bus =
      MessageBus.builder()
          .errorHandler((error, context) -> {})
          .lane("ui", ui)
          .lane("audio", audio)
          .executor(executor)
          .build();

  @Test
  void aNewBusHasCountedNothing() {
    BusStatistics statistics = bus.statistics();

    assertEquals(0, statistics.handlerFailures());
    assertEquals(0, statistics.deadMessages());
    assertEquals(0, statistics.postChainsTooDeep());
    assertEquals(0, statistics.stickyMessages());
    assertEquals(0, statistics.asyncQueueDepth());
    assertEquals(0, statistics.laneQueueDepth());
    assertEquals(Map.of("ui", 0, "audio", 0), statistics.laneQueueDepths());
    assertEquals(0, statistics.queuedForStages());
  }

  @Test
  void handlerFailuresAndDeadMessagesAreCountedAndDeliveredPostsAreNot() {
    bus.register(new Failing());
    bus.register(new Quiet());
    bus.subscribe(DeadMessage.class, dead -> {}); // a DeadMessage received is not another

    bus.post(new Event("one"));
    bus.post(new Event("two"));
    bus.post(new Ping(1));
    bus.post("nobody listens to strings");
    bus.post(new Object(), Header.builder().tags("AI").build());

    BusStatistics statistics = bus.statistics();
    assertEquals(2, statistics.handlerFailures());
    assertEquals(2, statistics.deadMessages());
  }

  @Test
  void queueDepthsAndStickyMessagesAreReadWhenAsked() {
    bus.register(new OnLanes());
    bus.register(new Async());
    for (int i = 0; i < 3; i++) {
      bus.post(new Ping(i));
    }
    audio.runAll();
    bus.sticky().post(new Event("kept"));
    bus.post(new Ping(9), Header.builder().stage(Stage.UPDATE).build());

    BusStatistics statistics = bus.statistics();

    Map<String, Integer> lanes = new LinkedHashMap<>();
    lanes.put("ui", 3);
    lanes.put("audio", 0);
    assertEquals(lanes, statistics.laneQueueDepths());
    assertEquals(3, statistics.laneQueueDepth());
    assertEquals(3, statistics.asyncQueueDepth());
    assertEquals(1, statistics.stickyMessages());
    assertEquals(1, statistics.queuedForStages());

    ui.runAll();
    executor.runAll();
    assertEquals(0, bus.statistics().laneQueueDepth());
    assertEquals(0, bus.statistics().asyncQueueDepth());
  }
}
