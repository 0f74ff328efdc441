/**
 * A Guice module for Herald: {@link dev.herald.guice.HeraldModule} binds a bus and registers every
 * instance Guice injects whose class has a generated dispatcher.
 */
module dev.herald.guice {
  requires transitive com.google.guice;
  requires transitive dev.herald.runtime;

  exports dev.herald.guice;
}
