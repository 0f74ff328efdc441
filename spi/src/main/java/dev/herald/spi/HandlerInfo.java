package dev.herald.spi;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One row of a generated dispatcher's handler table: which method, which message type,
 * and how the method was annotated.
 *
 * <p>Generated code builds rows with {@link #of} and the wither methods, once, when the
 * dispatcher is created:
 *
 * <pre>{@code
 * HandlerInfo.of("log", Object.class).priority(10).tags("AI")
 * }</pre>
 *
 * Instances are immutable; every wither returns a new row.
 */
public final class HandlerInfo {
  private static final String[] NO_TAGS = {};
  private static final int HIDDEN = 1;
  private static final int ENVELOPE = 2;
  private static final int ASYNC = 4;
  private static final int CONCURRENT = 8;

  private final String method;
  private final Class<?> messageType;
  private final int priority;
  private final String[] tags;
  private final int flags;
  private final String declaredIn;
  private final String[] overrides;

  private HandlerInfo(
      String method,
      Class<?> messageType,
      int priority,
      String[] tags,
      int flags,
      String declaredIn,
      String[] overrides) {
    this.method = method;
    this.messageType = messageType;
    this.priority = priority;
    this.tags = tags;
    this.flags = flags;
    this.declaredIn = declaredIn;
    this.overrides = overrides;
  }

  /**
   * A handler named {@code method} that receives messages of {@code messageType} and its
   * subtypes, with priority 0, no tags, visible, declared in the dispatcher's listener class.
   */
  public static HandlerInfo of(String method, Class<?> messageType) {
    return new HandlerInfo(
        Objects.requireNonNull(method, "method"),
        Objects.requireNonNull(messageType, "messageType"),
        0,
        NO_TAGS,
        0,
        null,
        NO_TAGS);
  }

  /** This row with the given {@code @Subscribe(priority)}. */
  public HandlerInfo priority(int priority) {
    return new HandlerInfo(method, messageType, priority, tags, flags, declaredIn, overrides);
  }

  /** This row with the given {@code @Subscribe(tags)}. */
  public HandlerInfo tags(String... tags) {
    String[] copy = tags.clone();
    for (String tag : copy) {
      Objects.requireNonNull(tag, "tag");
    }
    return new HandlerInfo(method, messageType, priority, copy, flags, declaredIn, overrides);
  }

  /** This row marked {@code @Subscribe(hidden = true)}. */
  public HandlerInfo hidden() {
    return withFlag(HIDDEN);
  }

  /** This row for a method that takes the delivery's {@code dev.herald.Envelope} second. */
  public HandlerInfo withEnvelope() {
    return withFlag(ENVELOPE);
  }

  /** This row marked {@code @Subscribe(async = true)}: it runs on the bus's executor. */
  public HandlerInfo async() {
    return withFlag(ASYNC);
  }

  /**
   * This row marked {@code @Subscribe(async = true, concurrent = true)}: calls may overlap.
   */
  public HandlerInfo concurrent() {
    return withFlag(ASYNC | CONCURRENT);
  }

  /**
   * This row for a method inherited from {@code className} (a binary name, as
   * {@link Class#getName()} gives it), for superclasses that have no dispatcher of their own.
   */
  public HandlerInfo declaredIn(String className) {
    return new HandlerInfo(
        method, messageType, priority, tags, flags, Objects.requireNonNull(className), overrides);
  }

  /**
   * This row replaces the rows of the same method (name, message type, and whether it takes
   * an envelope) that the superclasses {@code classNames} (binary names) declare in their own
   * dispatchers: the method overrides them, so only this row may run. The processor names
   * every superclass with a dispatcher whose {@code @Subscribe} declaration the method
   * overrides, directly or through a class in between.
   */
  public HandlerInfo overrides(String... classNames) {
    String[] copy = classNames.clone();
    for (String className : copy) {
      Objects.requireNonNull(className, "className");
    }
    return new HandlerInfo(method, messageType, priority, tags, flags, declaredIn, copy);
  }

  /** The handler method's simple name. */
  public String method() {
    return method;
  }

  /** The type of message the handler receives, together with all its subtypes. */
  public Class<?> messageType() {
    return messageType;
  }

  /** Higher runs first. */
  public int priority() {
    return priority;
  }

  /** The tags the handler listens to; empty when it listens to all. */
  public List<String> tags() {
    return Collections.unmodifiableList(Arrays.asList(tags));
  }

  /** Whether the handler does not count as a receiver. */
  public boolean isHidden() {
    return (flags & HIDDEN) != 0;
  }

  /** Whether the method takes an {@code Envelope} as its second parameter. */
  public boolean takesEnvelope() {
    return (flags & ENVELOPE) != 0;
  }

  /** Whether the handler runs on the bus's executor rather than the posting thread. */
  public boolean isAsync() {
    return (flags & ASYNC) != 0;
  }

  /** Whether calls to this asynchronous handler may overlap. */
  public boolean isConcurrent() {
    return (flags & CONCURRENT) != 0;
  }

  /**
   * The binary name of the class that declares the method, or {@code null} when it is the
   * dispatcher's own listener class.
   */
  public String declaredIn() {
    return declaredIn;
  }

  /** The binary names of the superclasses whose rows this one replaces; often empty. */
  public List<String> overrides() {
    return Collections.unmodifiableList(Arrays.asList(overrides));
  }

  private HandlerInfo withFlag(int flag) {
    return new HandlerInfo(method, messageType, priority, tags, flags | flag, declaredIn, overrides);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    if (declaredIn != null) {
      text.append(declaredIn).append('.');
    }
    text.append(method).append('(').append(messageType.getName());
    if (takesEnvelope()) {
      text.append(", dev.herald.Envelope");
    }
    text.append(')');
    if (priority != 0) {
      text.append(" priority=").append(priority);
    }
    if (tags.length > 0) {
      text.append(" tags=").append(Arrays.toString(tags));
    }
    if (isHidden()) {
      text.append(" hidden");
    }
    if (isConcurrent()) {
      text.append(" async concurrent");
    } else if (isAsync()) {
      text.append(" async");
    }
    return text.toString();
  }
}
