package dev.herald.guice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import com.google.inject.AbstractModule;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.matcher.Matchers;
import dev.herald.ErrorHandler;
import dev.herald.MessageBus;
import dev.herald.annotation.Subscribe;
import java.util.ArrayList;
import java.util.List;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A listener whose methods Guice intercepts is an instance of a subclass Guice generates, which has
 * no dispatcher of its own: it is registered by its superclass's, and its handlers are called
 * through the interceptors.
 */
class InterceptedListenersTest {
  private final MessageBus bus =
      MessageBus.builder().errorHandler(ErrorHandler.rethrowing()).build();

  @AfterEach
  void closeBus() {
    bus.close();
  }

  @Test
  void anInterceptedListenerIsRegisteredOnceAndItsHandlersAreIntercepted() {
    List<String> intercepted = new ArrayList<>();
    Injector injector =
        Guice.createInjector(
            new HeraldModule(bus),
            new AbstractModule() {
              @Override
              protected void configure() {
                bindInterceptor(
                    Matchers.subclassesOf(Audited.class),
                    Matchers.any(),
                    new MethodInterceptor() {
                      @Override
                      public Object invoke(MethodInvocation invocation) throws Throwable {
                        intercepted.add(invocation.getMethod().getName());
                        return invocation.proceed();
                      }
                    });
              }
            });

    Audited audited = injector.getInstance(Audited.class);

    assertNotSame(Audited.class, audited.getClass(), "Guice's subclass");
    assertEquals(1, bus.describe().registrations());
    assertEquals(1, bus.post(new Alarm("fire")));
    assertEquals(List.of(new Alarm("fire")), audited.heard);
    assertEquals(List.of("on"), intercepted);
  }

  static class Audited {
    final List<Alarm> heard = new ArrayList<>();

    @Subscribe
    void on(Alarm alarm) {
      heard.add(alarm);
    }
  }
}
