package dev.herald.guice;

import com.google.inject.Binding;
import com.google.inject.matcher.Matcher;
import com.google.inject.spi.ProviderInstanceBinding;
import com.google.inject.spi.ProviderKeyBinding;

/**
 * The bindings whose objects come from a provider, not from Guice's constructors: {@code @Provides}
 * methods, {@code toProvider(...)} and {@code @ProvidedBy}. Guice tells type listeners nothing of
 * what those return.
 */
final class ProviderBindings implements Matcher<Binding<?>> {
  @Override
  public boolean matches(Binding<?> binding) {
    return binding instanceof ProviderInstanceBinding || binding instanceof ProviderKeyBinding;
  }

  @Override
  public String toString() {
    return "bindings to providers";
  }
}
