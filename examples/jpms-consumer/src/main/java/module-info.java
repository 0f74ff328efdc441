/** A program that is a named module and uses Herald. */
module dev.herald.example.modular {
  requires dev.herald.runtime;
  requires dev.herald.wire;

  exports dev.herald.example.modular;

  // Written by the processor, as -Aherald.index in the pom asks.
  provides dev.herald.internal.generated.DispatcherIndex with
      dev.herald.example.modular.HeraldIndex;
  // A named module's META-INF/services files are not read: each codec is named here.
  provides dev.herald.wire.WireCodec with
      dev.herald.example.modular.Goal_Codec;
}
