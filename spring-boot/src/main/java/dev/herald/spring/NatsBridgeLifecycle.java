package dev.herald.spring;

import dev.herald.nats.NatsBridge;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.SmartApplicationListener;

/**
 * Starts the NATS bridge when the application is ready, so that no import reaches a handler before
 * every bean is made, and closes it when the context starts closing, just before {@link
 * HeraldShutdown} closes the bus, so that no import arrives into a closed bus. The events of a
 * child context, which reach its parent's listeners too, are not its own: a child closing leaves
 * the parent's bridge open.
 *
 * @since 0.1
 */
public class NatsBridgeLifecycle implements SmartApplicationListener, ApplicationContextAware {
  private final NatsBridge bridge;
  private ApplicationContext context;

  /**
   * Creates the lifecycle of {@code bridge}.
   *
   * @param bridge the bridge
   */
  public NatsBridgeLifecycle(NatsBridge bridge) {
    this.bridge = bridge;
  }

  @Override
  public void setApplicationContext(ApplicationContext context) {
    this.context = context;
  }

  @Override
  public boolean supportsEventType(Class<? extends ApplicationEvent> eventType) {
    return ApplicationReadyEvent.class.isAssignableFrom(eventType)
        || ContextClosedEvent.class.isAssignableFrom(eventType);
  }

  @Override
  public void onApplicationEvent(ApplicationEvent event) {
    if (event instanceof ApplicationReadyEvent) {
      if (((ApplicationReadyEvent) event).getApplicationContext() == context) {
        bridge.start();
      }
    } else if (((ContextClosedEvent) event).getApplicationContext() == context) {
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
