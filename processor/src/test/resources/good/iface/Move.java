package iface;

public final class Move {}
