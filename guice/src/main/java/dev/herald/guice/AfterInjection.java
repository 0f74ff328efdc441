package dev.herald.guice;

import com.google.inject.spi.InjectionListener;

/** Registers an instance of a listener class once Guice has injected its members. */
final class AfterInjection<I> implements InjectionListener<I> {
  private final Registrar registrar;

  AfterInjection(Registrar registrar) {
    this.registrar = registrar;
  }

  @Override
  public void afterInjection(I injectee) {
    registrar.register(injectee);
  }
}
