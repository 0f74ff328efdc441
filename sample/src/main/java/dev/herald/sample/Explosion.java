package dev.herald.sample;

/** Scheduled ten frames after an enemy goes down, when the wreck hits the ground. */
public record Explosion(String what) {}
