package dev.herald.benchmarks.game;

import net.mostlyoriginal.api.event.common.Event;

/**
 * The message of the game-stack scenarios. It implements artemis-odb's {@code Event} because the
 * contrib event bus delivers only those; the other buses take it as a plain object (gdx-ai as a
 * telegram's extra info). Public with a public constructor because artemis-odb's pooled dispatcher
 * creates its events by reflection; {@link #value} is 1 however it was made.
 */
public final class Hit implements Event {
  /**
   * What each handler adds to its receiver's count: reading it makes the handler use the message.
   */
  public int value = 1;
}
