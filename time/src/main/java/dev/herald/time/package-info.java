/**
 * {@link dev.herald.time.Ticker}, where the bus and the network read the time. A ticker that a test
 * moves by hand is in the network test kit ({@code herald-network-testkit}).
 */
package dev.herald.time;
