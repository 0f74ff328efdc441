package dev.herald.benchmarks.routing;

import dev.herald.benchmarks.routing.RoutingMessages.*;

/** One of the five listener classes of the type-routing scenario, with ten of its 50 handlers. */
public final class RoutingListenerC {
  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat20(Flat20 message) {
    message.hits += 1;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat21(Flat21 message) {
    message.hits += 2;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat22(Flat22 message) {
    message.hits += 3;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat23(Flat23 message) {
    message.hits += 4;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat24(Flat24 message) {
    message.hits += 5;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat25(Flat25 message) {
    message.hits += 6;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat26(Flat26 message) {
    message.hits += 7;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat27(Flat27 message) {
    message.hits += 8;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat28(Flat28 message) {
    message.hits += 9;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat29(Flat29 message) {
    message.hits += 10;
  }
}
