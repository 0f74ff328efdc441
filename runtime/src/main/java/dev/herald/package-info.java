/**
 * Herald's message bus: {@link dev.herald.MessageBus}, its {@link dev.herald.Registration}s,
 * error handling, and the lightweight {@link dev.herald.Signal}.
 */
package dev.herald;
