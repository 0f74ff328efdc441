package dev.herald.gdxgame;

/** The server's countdown to a round: posted with a delay in seconds of game time. */
public record NextRound(int round) {}
