package iface;

public final class GameOver {}
