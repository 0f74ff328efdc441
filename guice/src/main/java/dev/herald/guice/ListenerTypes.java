package dev.herald.guice;

import com.google.inject.TypeLiteral;
import com.google.inject.spi.TypeEncounter;
import com.google.inject.spi.TypeListener;

/**
 * Decides once per class Guice injects whether its instances are registered: those with handlers
 * get an {@link AfterInjection}; a class whose handlers have no dispatcher is an error of the
 * injector, reported while it is created (or while a just-in-time binding is made).
 */
final class ListenerTypes implements TypeListener {
  private final Registrar registrar;

  ListenerTypes(Registrar registrar) {
    this.registrar = registrar;
  }

  @Override
  public <I> void hear(TypeLiteral<I> type, TypeEncounter<I> encounter) {
    boolean listener;
    try {
      listener = registrar.hasHandlers(type.getRawType());
    } catch (IllegalArgumentException misbuilt) {
      // Guice formats the message: "%s" keeps whatever the text holds as it is
      encounter.addError("%s", misbuilt.getMessage());
      return;
    }
    if (listener) {
      encounter.register(new AfterInjection<I>(registrar));
    }
  }

  @Override
  public String toString() {
    return "Herald's registration of injected listeners";
  }
}
