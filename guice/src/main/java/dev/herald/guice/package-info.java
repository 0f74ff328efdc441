/**
 * Herald in a Guice injector: {@link dev.herald.guice.HeraldModule} binds a {@link
 * dev.herald.MessageBus} and registers on it every object Guice injects whose class has handlers.
 *
 * <pre>{@code
 * Injector injector = Guice.createInjector(new HeraldModule(), new GameModule());
 * MessageBus bus = injector.getInstance(MessageBus.class);
 * bus.post(new UnderAttack("Red Baron")); // reaches every injected Radar
 * }</pre>
 *
 * <p>Which classes have handlers is read from what Herald's processor generated ({@link
 * dev.herald.MessageBus#hasHandlers}), never by searching methods: Herald's {@code @Subscribe} is
 * kept in class files only, so reflection would find none. A class whose {@code @Subscribe} methods
 * have no dispatcher fails the injector with Guice's error naming it.
 *
 * <p>No reflection, and no lambdas or method references (the classes are checked like Herald's
 * other artifacts).
 */
package dev.herald.guice;
