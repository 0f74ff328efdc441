package map;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;
import java.util.List;
import map.Signals.Alert;
import map.Signals.Beep;
import map.Signals.Level;
import map.Signals.Query;
import map.Signals.Status;

/** A handler for every attribute the message map records. */
public class Console {
  @Subscribe(priority = -3, sticky = true, tags = {"ui", "net io"})
  void show(Alert alert) {}

  @Subscribe(async = true, concurrent = true)
  void archive(Alert alert, Envelope envelope) {}

  @Subscribe(lane = "audio/é", serialized = true, hidden = true)
  void beep(Beep beep) {}

  @Subscribe
  Status ask(Query query) {
    return new Status(200);
  }

  @Subscribe
  int[] sizes(Alert[] alerts) {
    return new int[alerts.length];
  }

  @Subscribe(hidden = true)
  void anything(Object message) {}

  /** A nested listener: its file is named by its binary name. */
  public static class Tray {
    @Subscribe
    void level(Level level) {}

    @Subscribe
    void lists(List<?> list) {}
  }
}
