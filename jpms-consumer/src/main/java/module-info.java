/** A program that is a named module and uses Herald. */
module dev.herald.example.modular {
  requires dev.herald.runtime;

  exports dev.herald.example.modular;

  // Written by the processor, as -Aherald.index in the pom asks.
  provides dev.herald.spi.DispatcherIndex with dev.herald.example.modular.HeraldIndex;
}
