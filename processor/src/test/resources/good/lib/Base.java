package lib;

import dev.herald.annotation.Subscribe;

public class Base {
  @Subscribe
  public void onPing(Ping ping) {}

  @Subscribe
  public void onPong(Pong pong) {}

  @Subscribe(hidden = true)
  public void watch(Object any) {}
}
