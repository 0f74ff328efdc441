package dev.herald.internal.generated;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Dispatcher} that Herald's processor generated.
 *
 * <p>The processor that writes the {@link DispatcherIndex} of a compilation finds the dispatchers
 * by this annotation rather than by the listeners' {@code @Subscribe} methods. That keeps the two
 * processors apart as Gradle's incremental compilation needs: when one listener changes, Gradle
 * hands the aggregating index processor every class carrying this annotation again (from their
 * class files, hence {@code CLASS} retention), and the isolating dispatcher processor, which reads
 * {@code @Subscribe}, regenerates only the changed listener's dispatcher. For the same reason the
 * listener's entry of the message map travels in the annotation ({@link #map}).
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GeneratedDispatcher {
  /**
   * The listener's entry of the message map, the lines of the map's text format ({@code herald-map
   * 1}), one string each; a line too long for one class file constant (65,535 bytes) is cut into
   * pieces of at most 16,384 characters, a string each, those after the first starting with {@code
   * +}: the processor that writes the map of a compilation reads it here, from this compilation's
   * dispatchers and from the class files of the earlier ones it keeps, so that the map needs no
   * file per listener and still lists exactly the registered dispatchers. Empty in a dispatcher of
   * a processor that did not write it.
   *
   * @since 0.1
   */
  String[] map() default {};
}
