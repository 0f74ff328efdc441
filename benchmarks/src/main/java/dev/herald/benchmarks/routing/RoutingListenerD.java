package dev.herald.benchmarks.routing;

import dev.herald.benchmarks.routing.RoutingMessages.*;

/** One of the five listener classes of the type-routing scenario, with ten of its 50 handlers. */
public final class RoutingListenerD {
  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat30(Flat30 message) {
    message.hits += 1;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat31(Flat31 message) {
    message.hits += 2;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat32(Flat32 message) {
    message.hits += 3;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat33(Flat33 message) {
    message.hits += 4;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat34(Flat34 message) {
    message.hits += 5;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat35(Flat35 message) {
    message.hits += 6;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat36(Flat36 message) {
    message.hits += 7;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat37(Flat37 message) {
    message.hits += 8;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat38(Flat38 message) {
    message.hits += 9;
  }

  @dev.herald.annotation.Subscribe
  @com.google.common.eventbus.Subscribe
  @com.google.common.eventbus.AllowConcurrentEvents
  @org.greenrobot.eventbus.Subscribe
  @com.squareup.otto.Subscribe
  @net.engio.mbassy.listener.Handler
  public void onFlat39(Flat39 message) {
    message.hits += 10;
  }
}
