package dev.herald.gdxgame;

import java.util.Locale;

/** The two sides of the ring: red is the server's fighter, blue the client's. */
public enum Corner {
  RED,
  BLUE;

  Corner other() {
    return this == RED ? BLUE : RED;
  }

  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
