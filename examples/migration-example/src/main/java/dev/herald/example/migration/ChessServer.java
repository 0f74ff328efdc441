package dev.herald.example.migration;

import dev.herald.MessageBus;
import dev.herald.NestedPosts;
import java.util.concurrent.Executor;

/** Builds the bus as docs/MIGRATING.md tells a Guava user to, with a UI lane. */
public final class ChessServer {
  private ChessServer() {}

  /**
   * Guava's rules (every handler serialized unless concurrent, nested posts breadth first) and a
   * lane named {@link InboxView#UI} on {@code uiThread} ({@code Platform::runLater} in a JavaFX
   * program).
   */
  public static MessageBus bus(Executor uiThread) {
    return MessageBus.builder()
        .serializedHandlers()
        .nestedPosts(NestedPosts.BREADTH_FIRST)
        .lane(InboxView.UI, uiThread)
        .build();
  }
}
