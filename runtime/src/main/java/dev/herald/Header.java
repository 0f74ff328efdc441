package dev.herald;

import dev.herald.time.Ticker;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * How a message is to be delivered: to whom, with which tags, whether someone must receive it, and
 * when. Immutable; build one once and reuse it for every message sent the same way.
 *
 * <pre>{@code
 * static final Header TO_WORLD = Header.builder().to(Address.named("world")).requireReceiver().build();
 * static final Header AI = Header.builder().tags("AI").build();
 * static final Header REACTION = Header.builder().stage(Stage.UPDATE).delay(Duration.ofMillis(200)).build();
 * static final Header IN_TEN_FRAMES = Header.builder().stage(Stage.LATE_UPDATE).delayFrames(10).build();
 * }</pre>
 *
 * <h2>When</h2>
 *
 * A message with stage {@link Stage#IMMEDIATE} and no delay is delivered at once. Any other is
 * queued and delivered during the first {@link MessageBus#runStage run of its stage} at which it is
 * due: at once if it has no delay, once the bus's {@link Ticker} has advanced by {@link #delay()},
 * or once {@link #delayFrames()} frames have ended. {@code IMMEDIATE} with a delay has no stage
 * constraint: it is delivered at the first run of any stage once due. A header sets at most one of
 * the two delays.
 *
 * <p>Immutable, so thread-safe: one header can be kept in a constant and sent from any thread.
 *
 * @since 0.1
 */
public final class Header {
  /** Longer delays are held to this, so that due times stay comparable by difference. */
  private static final Duration MAX_DELAY = Duration.ofNanos(1L << 62);

  /** Broadcast, no tags, no receiver required: what a plain {@code post} uses. */
  public static final Header BROADCAST = builder().build();

  private final Address to;
  final TagSet tags;
  private final boolean requireReceiver;
  private final Stage stage;
  private final Duration delay;
  private final long delayFrames;

  /** {@link #delay} in nanoseconds, capped, or -1 without one: read for every delayed message. */
  private final long delayNanos;

  /** See {@link #isPlainBroadcast}: asked for every queued message a stage run delivers. */
  private final boolean plainBroadcast;

  private Header(Builder builder) {
    this.to = builder.to;
    this.tags = builder.tags;
    this.requireReceiver = builder.requireReceiver;
    this.stage = builder.stage;
    this.delay = builder.delay;
    this.delayNanos = nanosOf(builder.delay);
    this.delayFrames = builder.delayFrames;
    this.plainBroadcast = to.kind == Address.Kind.BROADCAST && tags.isEmpty() && !requireReceiver;
  }

  /** Starts a header: broadcast, no tags, no receiver required. */
  public static Builder builder() {
    return new Builder();
  }

  /** A header that only sets the destination. */
  public static Header to(Address to) {
    return builder().to(to).build();
  }

  /** The destination; {@link Address#BROADCAST} unless set. */
  public Address to() {
    return to;
  }

  /**
   * The message's tags. A handler with {@code @Subscribe(tags)} receives the message only if it
   * shares at least one of them; handlers without tags receive it either way.
   */
  public Set<String> tags() {
    return tags.names();
  }

  /**
   * Whether a visible handler must receive the message: if none does, an {@link
   * UndeliveredMessageException} goes to the bus's error handler (and the message, as always, is
   * posted as a {@link DeadMessage}).
   */
  public boolean requireReceiver() {
    return requireReceiver;
  }

  /** The stage the message is delivered in; {@link Stage#IMMEDIATE} unless set. */
  public Stage stage() {
    return stage;
  }

  /** How long after it is sent the message falls due, if set. */
  public Optional<Duration> delay() {
    return Optional.ofNullable(delay);
  }

  /** How many frames must end after it is sent before the message falls due, if set. */
  public OptionalLong delayFrames() {
    return delayFrames < 0 ? OptionalLong.empty() : OptionalLong.of(delayFrames);
  }

  /** Whether a message with this header is delivered inside the send. */
  boolean isImmediate() {
    return stage == Stage.IMMEDIATE && delay == null && delayFrames < 0;
  }

  /**
   * The delay in nanoseconds, at most 2^62 (about 146 years) so that due times stay comparable by
   * difference; -1 when none is set.
   */
  /**
   * To everyone, with no tags and no receiver required: a queued message with such a header is
   * delivered as a plain post is, once its stage run comes.
   */
  boolean isPlainBroadcast() {
    return plainBroadcast;
  }

  long delayNanos() {
    return delayNanos;
  }

  private static long nanosOf(Duration delay) {
    if (delay == null) {
      return -1;
    }
    return delay.compareTo(MAX_DELAY) >= 0 ? MAX_DELAY.toNanos() : delay.toNanos();
  }

  long delayFramesOrMinusOne() {
    return delayFrames;
  }

  /** A builder that starts from this header. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.to = to;
    builder.tags = tags;
    builder.requireReceiver = requireReceiver;
    builder.stage = stage;
    builder.delay = delay;
    builder.delayFrames = delayFrames;
    return builder;
  }

  @Override
  public String toString() {
    return "Header[to="
        + to
        + (tags.isEmpty() ? "" : ", tags=" + tags)
        + (requireReceiver ? ", requireReceiver" : "")
        + (stage == Stage.IMMEDIATE ? "" : ", stage=" + stage)
        + (delay == null ? "" : ", delay=" + delay)
        + (delayFrames < 0 ? "" : ", delayFrames=" + delayFrames)
        + "]";
  }

  /**
   * Builds a {@link Header}. Not thread-safe.
   *
   * @since 0.1
   */
  public static final class Builder {
    private Address to = Address.BROADCAST;
    private TagSet tags = TagSet.NONE;
    private boolean requireReceiver;
    private Stage stage = Stage.IMMEDIATE;
    private Duration delay;
    private long delayFrames = -1;

    private Builder() {}

    /** Where the message goes; the default is {@link Address#BROADCAST}. */
    public Builder to(Address to) {
      this.to = Objects.requireNonNull(to, "to");
      return this;
    }

    /** The message's tags, replacing any set before. */
    public Builder tags(String... tags) {
      Objects.requireNonNull(tags, "tags");
      for (String tag : tags) {
        Objects.requireNonNull(tag, "tag");
      }
      this.tags = TagSet.of(Arrays.asList(tags));
      return this;
    }

    /** Requires a visible receiver; see {@link Header#requireReceiver()}. */
    public Builder requireReceiver() {
      this.requireReceiver = true;
      return this;
    }

    /** The stage to deliver in; the default is {@link Stage#IMMEDIATE}. */
    public Builder stage(Stage stage) {
      this.stage = Objects.requireNonNull(stage, "stage");
      return this;
    }

    /**
     * Delays delivery by {@code delay} of the bus's {@link Ticker} time. Delays beyond about 146
     * years (2^62 ns) count as that long.
     *
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    public Builder delay(Duration delay) {
      Objects.requireNonNull(delay, "delay");
      if (delay.isNegative()) {
        throw new IllegalArgumentException(
            "A delay must not be negative, but was "
                + delay
                + ": use Duration.ZERO for the next stage run");
      }
      this.delay = delay;
      return this;
    }

    /**
     * Delays delivery until {@code frames} frames have ended ({@link MessageBus#endFrame()}).
     *
     * @throws IllegalArgumentException if {@code frames} is negative
     */
    public Builder delayFrames(long frames) {
      if (frames < 0) {
        throw new IllegalArgumentException(
            "A frame delay must not be negative, but was "
                + frames
                + ": use 0 for the next stage run");
      }
      this.delayFrames = frames;
      return this;
    }

    /**
     * The header.
     *
     * @throws IllegalArgumentException if both a time delay and a frame delay are set: which should
     *     win is the sender's decision, so Herald asks for one
     */
    public Header build() {
      if (delay != null && delayFrames >= 0) {
        throw new IllegalArgumentException(
            "A header takes a delay in time or in frames, not both (delay="
                + delay
                + ", delayFrames="
                + delayFrames
                + "): keep the one that should decide");
      }
      return new Header(this);
    }
  }
}
