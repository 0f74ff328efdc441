package dev.herald.example.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.herald.MessageBus;
import dev.herald.example.migration.Messages.MailReceived;
import dev.herald.example.migration.Messages.MoveMade;
import dev.herald.example.migration.Messages.PlayersOnline;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each point of docs/MIGRATING.md, as the program of a Guava or greenrobot user meets it. */
class MigrationGuideTest {
  private final ExecutorService uiThread = Executors.newSingleThreadExecutor();
  private final MessageBus bus = ChessServer.bus(uiThread);

  @AfterEach
  void stop() {
    bus.close();
    uiThread.shutdownNow();
  }

  @Test
  void aLoggerHeldByNobodyButTheBusKeepsLoggingAfterACollection() {
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    WeakReference<GameLog> log = registerAndDrop(lines);

    for (int i = 0; i < 20 && log.get() != null; i++) {
      System.gc(); // a bounded number of tries: a weakly held logger would be gone
    }
    bus.post(new MoveMade(1, "e4"));

    assertFalse(log.get() == null, "register holds listeners strongly");
    assertEquals(List.of("1. e4"), lines);
  }

  private WeakReference<GameLog> registerAndDrop(List<String> lines) {
    GameLog log = new GameLog(lines);
    bus.register(log);
    return new WeakReference<>(log);
  }

  @Test
  void aCounterWithoutSynchronizationCountsEveryMoveOfTwoThreads() throws Exception {
    MoveCounter counter = new MoveCounter();
    bus.register(counter);
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> players = new ArrayList<>();
    for (int p = 0; p < 2; p++) {
      players.add(
          new Thread(
              () -> {
                awaitQuietly(start);
                for (int i = 0; i < 200_000; i++) {
                  bus.post(new MoveMade(i, "a3"));
                }
              }));
    }
    players.forEach(Thread::start);
    start.countDown();
    for (Thread player : players) {
      player.join();
    }

    assertEquals(400_000, counter.moves());
  }

  @Test
  void everyListenerSeesTheMatingMoveBeforeTheResultItCaused() {
    List<String> lines = new ArrayList<>();
    bus.register(new Referee(bus));
    bus.register(new GameLog(lines));

    bus.post(new MoveMade(1, "e4"));
    bus.post(new MoveMade(2, "e5"));
    bus.post(new MoveMade(3, "Qh5"));
    bus.post(new MoveMade(4, "Nc6"));
    bus.post(new MoveMade(5, "Bc4"));
    bus.post(new MoveMade(6, "Nf6"));
    bus.post(new MoveMade(7, "Qxf7#"));

    assertEquals("7. Qxf7#", lines.get(6));
    assertEquals("result 1-0", lines.get(7), "breadth first: the result comes after the move");
  }

  @Test
  void theUiLaneShowsMailFromFourConnectionsInOneOrderOnOneThread() throws Exception {
    int connections = 4;
    int perConnection = 2_500;
    bus.sticky().post(new PlayersOnline(42));
    InboxView inbox = new InboxView();
    bus.register(inbox);
    CountDownLatch shown = new CountDownLatch(connections * perConnection);
    bus.registration()
        .onLane(InboxView.UI)
        .subscribe(MailReceived.class, mail -> shown.countDown());
    List<Thread> network = postFromConnections(bus, connections, perConnection);

    assertTrue(shown.await(60, TimeUnit.SECONDS));
    assertEquals(connections * perConnection, inbox.list().size());
    assertEquals(inbox.list(), inbox.counterLog(), "the list and the counter agree on the order");
    int[] next = new int[connections];
    for (MailReceived mail : inbox.list()) {
      assertEquals(next[mail.connection()]++, mail.number(), "each connection's mail in order");
    }
    Thread ui = inbox.threads().get(0);
    assertTrue(inbox.threads().stream().allMatch(t -> t == ui), "one thread: the UI's");
    assertFalse(network.contains(ui));
    assertEquals(42, inbox.playersOnline(), "the sticky count reached a view opened later");
  }

  @Test
  void anAsyncEventBusPortedToALaneOnAPoolLosesNoLineAndKeepsEachThreadsOrder() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    MessageBus events = ServerLog.bus(pool);
    try {
      ServerLog log = new ServerLog();
      events.register(log);
      int connections = 4;
      int perConnection = 2_500;
      CountDownLatch logged = new CountDownLatch(connections * perConnection);
      events
          .registration()
          .onLane(ServerLog.EVENTS)
          .subscribe(MailReceived.class, mail -> logged.countDown());
      postFromConnections(events, connections, perConnection);

      assertTrue(logged.await(60, TimeUnit.SECONDS));
      assertEquals(connections * perConnection, log.lines().size(), "no line lost");
      assertEquals(log.lines().size(), log.counted().size());
      int[] next = new int[connections];
      for (int i = 0; i < log.counted().size(); i++) {
        MailReceived mail = log.counted().get(i);
        assertEquals(next[mail.connection()]++, mail.number(), "each connection's mail in order");
        assertEquals(
            "connection " + mail.connection() + " #" + mail.number(),
            log.lines().get(i),
            "both handlers saw one order");
      }
    } finally {
      events.close();
      pool.shutdownNow();
    }
  }

  @Test
  void spamIsStoppedBeforeAnyViewOrLoggerReceivesIt() {
    MessageBus inline = ChessServer.bus(Runnable::run);
    SpamFilter filter = new SpamFilter();
    InboxView inbox = new InboxView();
    List<MailReceived> logged = new ArrayList<>();
    inline.register(filter);
    inline.register(inbox);
    inline.subscribe(MailReceived.class, logged::add);

    inline.post(new MailReceived(0, 0, false));
    inline.post(new MailReceived(0, 1, true));
    inline.post(new MailReceived(0, 2, false));

    assertEquals(1, filter.stopped());
    assertEquals(List.of(0, 2), inbox.list().stream().map(MailReceived::number).toList());
    assertEquals(inbox.list(), logged);
  }

  @Test
  void aListenerInterfaceRegistersAsALambdaAndAsAnAnonymousClass() {
    List<String> seen = new ArrayList<>();
    MoveListener lambda = move -> seen.add("lambda " + move.move());
    bus.register(lambda);
    bus.register(
        new MoveListener() {
          @Override
          public void onMove(MoveMade move) {
            seen.add("anonymous " + move.move());
          }
        });

    assertEquals(2, bus.post(new MoveMade(1, "d4")));
    assertEquals(List.of("lambda d4", "anonymous d4"), seen);
  }

  /**
   * Posts {@code perConnection} numbered mails from each of {@code connections} threads, all
   * started at once, as network threads would; returns the threads, finished.
   */
  private static List<Thread> postFromConnections(
      MessageBus bus, int connections, int perConnection) throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> network = new ArrayList<>();
    for (int c = 0; c < connections; c++) {
      int connection = c;
      network.add(
          new Thread(
              () -> {
                awaitQuietly(start);
                for (int i = 0; i < perConnection; i++) {
                  bus.post(new MailReceived(connection, i, false));
                }
              }));
    }
    network.forEach(Thread::start);
    start.countDown();
    for (Thread thread : network) {
      thread.join();
    }
    return network;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
