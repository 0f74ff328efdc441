package dev.herald.internal.generated;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One row of a generated dispatcher's handler table: which method, which message type, and how the
 * method was annotated.
 *
 * <p>Generated code builds rows with {@link #of} and the wither methods, once, when the dispatcher
 * is created:
 *
 * <pre>{@code
 * HandlerInfo.of("log", Object.class).priority(10).tags("AI")
 * }</pre>
 *
 * Instances are immutable; every wither returns a new row.
 *
 * @since 0.1
 */
public final class HandlerInfo {
  private static final String[] NO_TAGS = {};
  private static final int HIDDEN = 1;
  private static final int ENVELOPE = 2;
  private static final int ASYNC = 4;
  private static final int CONCURRENT = 8;
  private static final int SERIALIZED = 16;
  private static final int STICKY = 32;

  private final String method;
  private final Class<?> messageType;
  private final int priority;
  private final String[] tags;
  private final int flags;
  private final String declaredIn;
  private final String[] overrides;
  private final String lane;

  private HandlerInfo(
      String method,
      Class<?> messageType,
      int priority,
      String[] tags,
      int flags,
      String declaredIn,
      String[] overrides,
      String lane) {
    this.method = method;
    this.messageType = messageType;
    this.priority = priority;
    this.tags = tags;
    this.flags = flags;
    this.declaredIn = declaredIn;
    this.overrides = overrides;
    this.lane = lane;
  }

  /**
   * A handler named {@code method} that receives messages of {@code messageType} and its subtypes,
   * with priority 0, no tags, visible, declared in the dispatcher's listener class.
   */
  public static HandlerInfo of(String method, Class<?> messageType) {
    return new HandlerInfo(
        Objects.requireNonNull(method, "method"),
        Objects.requireNonNull(messageType, "messageType"),
        0,
        NO_TAGS,
        0,
        null,
        NO_TAGS,
        null);
  }

  /** This row with the given {@code @Subscribe(priority)}. */
  public HandlerInfo priority(int priority) {
    return new HandlerInfo(method, messageType, priority, tags, flags, declaredIn, overrides, lane);
  }

  /** This row with the given {@code @Subscribe(tags)}. */
  public HandlerInfo tags(String... tags) {
    String[] copy = tags.clone();
    for (String tag : copy) {
      Objects.requireNonNull(tag, "tag");
    }
    return new HandlerInfo(method, messageType, priority, copy, flags, declaredIn, overrides, lane);
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

  /** This row marked {@code @Subscribe(concurrent = true)}: calls may overlap. */
  public HandlerInfo concurrent() {
    return withFlag(CONCURRENT);
  }

  /** This row marked {@code @Subscribe(serialized = true)}: calls on one listener never overlap. */
  public HandlerInfo serialized() {
    return withFlag(SERIALIZED);
  }

  /** This row marked {@code @Subscribe(sticky = true)}: kept sticky messages replay to it. */
  public HandlerInfo sticky() {
    return withFlag(STICKY);
  }

  /** This row marked {@code @Subscribe(lane = name)}: it receives on the named lane. */
  public HandlerInfo lane(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("A lane's name is not empty");
    }
    return new HandlerInfo(method, messageType, priority, tags, flags, declaredIn, overrides, name);
  }

  /**
   * This row for a method inherited from {@code className} (a binary name, as {@link
   * Class#getName()} gives it), for superclasses that have no dispatcher of their own.
   */
  public HandlerInfo declaredIn(String className) {
    return new HandlerInfo(
        method,
        messageType,
        priority,
        tags,
        flags,
        Objects.requireNonNull(className),
        overrides,
        lane);
  }

  /**
   * This row replaces the rows of the same method (name, message type, and whether it takes an
   * envelope) that the superclasses {@code classNames} (binary names) declare in their own
   * dispatchers: the method overrides them, so only this row may run. The processor names every
   * superclass with a dispatcher whose {@code @Subscribe} declaration the method overrides,
   * directly or through a class in between.
   */
  public HandlerInfo overrides(String... classNames) {
    String[] copy = classNames.clone();
    for (String className : copy) {
      Objects.requireNonNull(className, "className");
    }
    return new HandlerInfo(method, messageType, priority, tags, flags, declaredIn, copy, lane);
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

  /** Whether calls to this handler may overlap, asynchronous or on a serializing bus. */
  public boolean isConcurrent() {
    return (flags & CONCURRENT) != 0;
  }

  /** Whether calls to this handler on one listener never overlap. */
  public boolean isSerialized() {
    return (flags & SERIALIZED) != 0;
  }

  /** Whether the bus's kept sticky messages replay to this handler when it registers. */
  public boolean isSticky() {
    return (flags & STICKY) != 0;
  }

  /** The name of the lane this handler receives on, or {@code null} for the posting thread. */
  public String lane() {
    return lane;
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
    return new HandlerInfo(
        method, messageType, priority, tags, flags | flag, declaredIn, overrides, lane);
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
    if (isAsync()) {
      text.append(" async");
    }
    if (isConcurrent()) {
      text.append(" concurrent");
    }
    if (isSerialized()) {
      text.append(" serialized");
    }
    if (isSticky()) {
      text.append(" sticky");
    }
    if (lane != null) {
      text.append(" lane=").append(lane);
    }
    return text.toString();
  }
}
