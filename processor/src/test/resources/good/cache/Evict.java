package cache;

public final class Evict {}
