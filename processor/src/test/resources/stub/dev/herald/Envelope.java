package dev.herald;

/** Stands in for the runtime's Envelope, which the processor's tests cannot depend on. */
public final class Envelope {}
