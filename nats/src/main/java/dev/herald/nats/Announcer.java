package dev.herald.nats;

import java.util.List;
import java.util.TimerTask;

/**
 * The bridge's timer: at each tick it reads the clock for the {@link Numbering}s, and publishes the
 * announcements that the exported channels have due ({@link Channel}).
 */
final class Announcer extends TimerTask {
  private final BridgeCore bridge;
  private final List<Channel> channels;

  Announcer(BridgeCore bridge, List<Channel> channels) {
    this.bridge = bridge;
    this.channels = channels;
  }

  @Override
  public void run() {
    bridge.clock.tick();
    announce(false);
  }

  /** Publishes what is due; {@code closing}: whatever was not announced yet. */
  void announce(boolean closing) {
    for (Channel channel : channels) {
      synchronized (channel) {
        byte[] announcement = channel.announcementAt(closing);
        if (announcement != null) {
          try {
            bridge.connection.publish(channel.subject, announcement);
          } catch (IllegalStateException bufferFullOrClosed) {
            // the next tick announces again: the number is only ever the latest
          }
        }
      }
    }
  }
}
