package dev.herald.processor.model;

import java.util.Objects;

/** A class name split into package and simple name (of a top-level class). */
public record QualifiedName(String packageName, String simpleName)
    implements Comparable<QualifiedName> {

  public QualifiedName {
    Objects.requireNonNull(packageName, "packageName");
    Objects.requireNonNull(simpleName, "simpleName");
  }

  /** {@code demo.Radar_Dispatcher} split at its last dot (a top-level class's name). */
  public static QualifiedName parse(String canonicalName) {
    int dot = canonicalName.lastIndexOf('.');
    return new QualifiedName(
        dot < 0 ? "" : canonicalName.substring(0, dot), canonicalName.substring(dot + 1));
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
