package dev.herald.guice;

/** The tests' message. */
record Alarm(String what) {}
