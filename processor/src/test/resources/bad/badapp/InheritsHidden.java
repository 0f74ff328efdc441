package badapp;

import dev.herald.annotation.Subscribe;
import badlib.HiddenBase;

public class InheritsHidden extends HiddenBase {
  @Subscribe
  void own(String message) {}
}
