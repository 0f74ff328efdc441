package dev.herald.wire;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link WireCodec} that Herald's processor generated.
 *
 * <p>The processor that registers codecs in {@code META-INF/services/dev.herald.wire.WireCodec}
 * finds them by this annotation, never by {@code @Wire}, so that Gradle can run it as aggregating
 * and the codec writer as isolating: a changed wire type regenerates its own codec and the service
 * file, nothing else. Gradle hands the aggregating processor the marked classes from their class
 * files, hence {@code CLASS} retention.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GeneratedCodec {}
