package dev.herald.spring;

import dev.herald.MessageBus;
import dev.herald.ShutdownReport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.Ordered;

/**
 * Shuts the context's bus down when the context starts closing: it stops accepting messages,
 * delivers or discards what is queued ({@code herald.shutdown.queued}), and waits up to {@code
 * herald.shutdown.timeout} for asynchronous and lane handler calls, logging a warning with the
 * count of what it could not finish.
 *
 * <p>It runs on {@link ContextClosedEvent}, ahead of the context's own listeners: Spring's task
 * executors stop taking tasks on that event, and the lanes' last calls run on them. A bridge to
 * other processes closes just before ({@link #ORDER} minus one), so that nothing arrives into a
 * closed bus. Only the bus of its own context: a child context's listeners join its parent's bus,
 * which the child's closing leaves open.
 *
 * <p>A context that fails to start publishes no {@code ContextClosedEvent}, but destroys its beans:
 * this one then shuts the bus down, if it is still open.
 *
 * @since 0.1
 */
public class HeraldShutdown
    implements ApplicationListener<ContextClosedEvent>,
        ApplicationContextAware,
        DisposableBean,
        Ordered {
  /** This listener's order: among the first to hear that the context closes. */
  public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 100;

  private static final Log log = LogFactory.getLog(HeraldShutdown.class);

  private final HeraldListenerRegistrar registrar;
  private final HeraldProperties.Shutdown settings;
  private ApplicationContext context;

  /**
   * Creates the shutdown of the bus that {@code registrar} registers listeners with.
   *
   * @param registrar the context's registrar, which knows its bus
   * @param settings how to shut down
   */
  public HeraldShutdown(HeraldListenerRegistrar registrar, HeraldProperties.Shutdown settings) {
    this.registrar = registrar;
    this.settings = settings;
  }

  @Override
  public void setApplicationContext(ApplicationContext context) {
    this.context = context;
  }

  @Override
  public void onApplicationEvent(ContextClosedEvent event) {
    if (event.getApplicationContext() != context) {
      return; // a child context closing
    }
    shutDown();
  }

  /** Shuts the bus down if the context failed to start: the event never came. */
  @Override
  public void destroy() {
    shutDown();
  }

  private void shutDown() {
    MessageBus bus = registrar.ownBus();
    if (bus == null || bus.isClosed()) {
      return;
    }
    ShutdownReport report;
    try {
      report = bus.shutdown(settings.getQueued(), settings.getTimeout());
    } catch (RuntimeException failed) {
      // a queued message's delivery threw: the context must close all the same
      log.error("Herald's bus failed to deliver a queued message while closing", failed);
      return;
    }
    if (!report.isComplete()) {
      log.warn(
          "Herald's bus closed with "
              + report.undelivered()
              + " messages or handler calls not done within "
              + settings.getTimeout()
              + " (herald.shutdown.timeout): "
              + report);
    }
  }

  @Override
  public int getOrder() {
    return ORDER;
  }
}
