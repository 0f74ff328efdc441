package dev.herald.benchmarks;

/**
 * One of the three listener classes of the fan-out scenarios (C, B and C differ only in the amount
 * they add), so that every call site that reaches a handler sees several receiver classes, as in a
 * real program. The handler carries each bus's annotation; every bus reads only its own.
 */
public final class ListenerC implements PingListener {
  @Override
  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onPing(Ping ping) {
    ping.hits += 3;
  }
}
