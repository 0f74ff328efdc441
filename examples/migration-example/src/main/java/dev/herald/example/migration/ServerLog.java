package dev.herald.example.migration;

import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import dev.herald.example.migration.Messages.MailReceived;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * A log view that a Guava program fed through {@code new AsyncEventBus(executor)}: ported, as
 * docs/MIGRATING.md says, to a lane on the same executor. Its two handlers append to lists that are
 * not thread-safe, and need not be: a lane calls one handler at a time, each message with all the
 * lane's handlers, in the order posted, whatever threads the executor has.
 */
public final class ServerLog {
  /** The lane that stands for the {@code AsyncEventBus}. */
  public static final String EVENTS = "events";

  private final List<String> lines = new ArrayList<>();
  private final List<MailReceived> counted = new ArrayList<>();

  /** A bus with the lane {@link #EVENTS} on {@code executor}, as the AsyncEventBus had it. */
  public static MessageBus bus(Executor executor) {
    return MessageBus.builder().lane(EVENTS, executor).build();
  }

  @Subscribe(lane = EVENTS)
  void append(MailReceived mail) {
    lines.add("connection " + mail.connection() + " #" + mail.number());
  }

  @Subscribe(lane = EVENTS)
  void count(MailReceived mail) {
    counted.add(mail);
  }

  public List<String> lines() {
    return lines;
  }

  public List<MailReceived> counted() {
    return counted;
  }
}
