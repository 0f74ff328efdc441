/**
 * Herald's wire format: the codecs the processor generates for {@code @Wire} types, and the
 * registry that finds them. A modular program declares its codecs with {@code provides
 * dev.herald.wire.WireCodec with ...} (a named module's {@code META-INF/services} files are not
 * read), or hands them to {@code CodecRegistry.of(...)}.
 */
module dev.herald.wire {
  exports dev.herald.wire;

  uses dev.herald.wire.WireCodec;
}
