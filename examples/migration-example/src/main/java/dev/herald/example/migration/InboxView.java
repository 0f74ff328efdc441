package dev.herald.example.migration;

import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.MailReceived;
import dev.herald.example.migration.Messages.PlayersOnline;
import java.util.ArrayList;
import java.util.List;

/**
 * A user interface fed by the bus from network threads: its list and its counter both run on the
 * "ui" lane, so they see the mail in one order, one call at a time, on the UI thread, as
 * greenrobot's MAIN_ORDERED handlers would. Not thread-safe, and it needs not be.
 */
public final class InboxView {
  public static final String UI = "ui";

  private final List<MailReceived> list = new ArrayList<>();
  private final List<MailReceived> counterLog = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private int playersOnline = -1;

  @Subscribe(lane = UI, priority = 1)
  void showInList(MailReceived mail) {
    list.add(mail);
    threads.add(Thread.currentThread());
  }

  @Subscribe(lane = UI)
  void updateCounter(MailReceived mail) {
    counterLog.add(mail);
  }

  /** Sticky: a view opened late still shows how many players are online. */
  @Subscribe(lane = UI, sticky = true)
  void showPlayers(PlayersOnline online) {
    playersOnline = online.count();
  }

  public List<MailReceived> list() {
    return list;
  }

  public List<MailReceived> counterLog() {
    return counterLog;
  }

  public List<Thread> threads() {
    return threads;
  }

  public int playersOnline() {
    return playersOnline;
  }
}
