package dev.herald.guice;

import com.google.inject.spi.ProvisionListener;

/**
 * Registers what a provider returned, if its class has handlers. Decided per object, not per
 * binding: a provider may return a subclass of the type it is bound to.
 */
final class ProvidedListeners implements ProvisionListener {
  private final Registrar registrar;

  ProvidedListeners(Registrar registrar) {
    this.registrar = registrar;
  }

  @Override
  public <T> void onProvision(ProvisionInvocation<T> provision) {
    T provided = provision.provision();
    if (provided != null) {
      registrar.registerIfListener(provided);
    }
  }

  @Override
  public String toString() {
    return "Herald's registration of provided listeners";
  }
}
