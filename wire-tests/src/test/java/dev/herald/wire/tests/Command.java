package dev.herald.wire.tests;

import dev.herald.annotation.Wire;

/** What a player can send: a sealed interface of records and an enum. */
@Wire(id = 3)
public sealed interface Command permits Command.Move, Command.Say, Command.Quit {

  @Wire(id = 4)
  record Move(Point to, boolean running) implements Command {}

  @Wire(id = 5)
  record Say(String text, Team to) implements Command {}

  @Wire(id = 6)
  enum Quit implements Command {
    NOW,
    AFTER_THIS_ROUND
  }
}
