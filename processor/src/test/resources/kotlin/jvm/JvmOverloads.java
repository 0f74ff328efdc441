package kotlin.jvm;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** Stands in for Kotlin's {@code JvmOverloads}, which kapt's stubs keep on each overload. */
@Retention(RetentionPolicy.CLASS)
public @interface JvmOverloads {}
