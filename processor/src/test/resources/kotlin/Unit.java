package kotlin;

/** Stands in for Kotlin's {@code Unit}. */
public final class Unit {
  private Unit() {}
}
