package dev.herald.benchmarks;

import dev.herald.benchmarks.routing.RoutingMessages.*;

/** The ten-handler listener of the registration scenario: one handler for each of ten types. */
public final class TenHandlers {
  public long hits;

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat00(Flat00 message) {
    hits += 1;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat01(Flat01 message) {
    hits += 2;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat02(Flat02 message) {
    hits += 3;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat03(Flat03 message) {
    hits += 4;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat04(Flat04 message) {
    hits += 5;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat05(Flat05 message) {
    hits += 6;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat06(Flat06 message) {
    hits += 7;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat07(Flat07 message) {
    hits += 8;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat08(Flat08 message) {
    hits += 9;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat09(Flat09 message) {
    hits += 10;
  }
}
