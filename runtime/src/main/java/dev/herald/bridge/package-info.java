/**
 * The bridge SPI: what a module that carries bus messages between processes (Herald's NATS bridge,
 * its networked bus) uses of a bus, reached through one entry point, {@link
 * dev.herald.bridge.Bridge#of}. An application does not need this package; it uses {@code
 * dev.herald} and the bridge module's own API.
 *
 * @since 0.1
 */
package dev.herald.bridge;
