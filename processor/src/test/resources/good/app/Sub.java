package app;

import dev.herald.annotation.Subscribe;
import lib.Base;
import lib.Ping;

public class Sub extends Base {
  @Subscribe(priority = 1)
  @Override
  public void onPing(Ping ping) {}

  @Subscribe
  void onLocal(Local local) {}
}
