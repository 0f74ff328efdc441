package dev.herald.benchmarks;

/** The one-handler listener of the registration and churn scenarios. */
public final class OneHandler implements PingListener {
  @Override
  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onPing(Ping ping) {
    ping.hits += 4;
  }
}
