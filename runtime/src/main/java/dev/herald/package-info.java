/**
 * Herald's message bus, the one package an application reads: {@link dev.herald.MessageBus} and its
 * {@link dev.herald.MessageBus.Builder}, {@link dev.herald.Registration}s and their builder, {@link
 * dev.herald.Header}s, {@link dev.herald.Address}es, {@link dev.herald.Envelope}s, {@link
 * dev.herald.Stage}s, error handling, and the lightweight {@link dev.herald.Signal}. A module that
 * carries messages between processes uses {@code dev.herald.bridge} besides; the code the processor
 * generates implements {@code dev.herald.internal.generated}, which nobody touches by hand.
 *
 * @since 0.1
 */
package dev.herald;
