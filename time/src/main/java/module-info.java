/**
 * The one time source Herald reads: the bus (envelopes' send times, delays, sticky expiry) and the
 * network layer (retransmission, timeouts) both take a {@link dev.herald.time.Ticker}, so a test or
 * a replay that moves one ticker moves both.
 */
module dev.herald.time {
  exports dev.herald.time;
}
