package dev.herald.example.migration;

/** The messages of a small chess server with a mail-like inbox: plain records. */
public final class Messages {
  private Messages() {}

  /** A move of a game, numbered by ply. */
  public record MoveMade(int ply, String move) {}

  /** The end of a game, posted by the referee while a move is being delivered. */
  public record GameOver(String result) {}

  /** A message arriving on a network connection, numbered per connection. */
  public record MailReceived(int connection, int number, boolean spam) {}

  /** How many players are online: the last one is what a late status bar must show. */
  public record PlayersOnline(int count) {}
}
