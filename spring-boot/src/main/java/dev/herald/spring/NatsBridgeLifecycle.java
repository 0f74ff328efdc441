package dev.herald.spring;

import dev.herald.nats.NatsBridge;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.SmartApplicationListener;

/**
 * Starts the NATS bridge when the application is ready, so that no import reaches a handler before
 * every bean is made, and closes it when the context starts closing, just before {@link
 * HeraldShutdown} closes the bus, so that no import arrives into a closed bus.
 *
 * @since 0.1
 */
public class NatsBridgeLifecycle implements SmartApplicationListener {
  private final NatsBridge bridge;

  /**
   * Creates the lifecycle of {@code bridge}.
   *
   * @param bridge the bridge
   */
  public NatsBridgeLifecycle(NatsBridge bridge) {
    this.bridge = bridge;
  }

  @Override
  public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
    return ApplicationReadyEvent.class.isAssignableFrom(eventType)
        || ContextClosedEvent.class.isAssignableFrom(eventType);
  }

  @Override
  public void onApplicationEvent(ApplicationEvent event) {
    if (event instanceof ApplicationReadyEvent) {
      bridge.start();
    } else {
      try {
        bridge.close();
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public int getOrder() {
    return HeraldShutdown.ORDER - 1;
  }
}
