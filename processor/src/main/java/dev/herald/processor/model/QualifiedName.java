package dev.herald.processor.model;

import java.util.Objects;

/** A class name split into package and simple name (of a top-level class). */
public record QualifiedName(String packageName, String simpleName) implements Comparable<QualifiedName> {

  public QualifiedName {
    Objects.requireNonNull(packageName, "packageName");
    Objects.requireNonNull(simpleName, "simpleName");
  }

  /** The name as Java source spells it: {@code demo.Radar_Dispatcher}. */
  public String canonicalName() {
    return packageName.isEmpty() ? simpleName : packageName + "." + simpleName;
  }

  @Override
  public int compareTo(QualifiedName other) {
    return canonicalName().compareTo(other.canonicalName());
  }

  @Override
  public String toString() {
    return canonicalName();
  }
}
