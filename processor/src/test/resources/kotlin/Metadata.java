package kotlin;

/** Stands in for Kotlin's own annotation, which kapt puts on every stub class. */
public @interface Metadata {
  int k() default 1;

  int[] mv() default {};

  String[] d1() default {};

  String[] d2() default {};
}
