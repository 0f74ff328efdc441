package dev.herald.nats;

import dev.herald.wire.WireCodec;

/** One exported wire class: the channel its messages are published on, and its codec. */
final class Outlet {
  final Class<?> type;
  final Channel channel;
  final WireCodec<Object> codec;

  @SuppressWarnings("unchecked")
  Outlet(Class<?> type, Channel channel, WireCodec<?> codec) {
    this.type = type;
    this.channel = channel;
    this.codec = (WireCodec<Object>) codec;
  }
}
