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
 * {@code @Subscribe}, regenerates only the changed listener's dispatcher.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GeneratedDispatcher {}
