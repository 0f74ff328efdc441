package dev.herald;

import java.util.Arrays;
import java.util.Objects;
import java.util.Set;

/**
 * How a message is to be delivered: to whom, with which tags, and whether someone must
 * receive it. Immutable; build one once and reuse it for every message sent the same way.
 *
 * <pre>{@code
 * static final Header TO_WORLD = Header.builder().to(Address.named("world")).requireReceiver().build();
 * static final Header AI = Header.builder().tags("AI").build();
 * }</pre>
 */
public final class Header {
  /** Broadcast, no tags, no receiver required: what a plain {@code post} uses. */
  public static final Header BROADCAST = builder().build();

  private final Address to;
  final TagSet tags;
  private final boolean requireReceiver;

  private Header(Builder builder) {
    this.to = builder.to;
    this.tags = builder.tags;
    this.requireReceiver = builder.requireReceiver;
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
   * The message's tags. A handler with {@code @Subscribe(tags)} receives the message only if
   * it shares at least one of them; handlers without tags receive it either way.
   */
  public Set<String> tags() {
    return tags.names();
  }

  /**
   * Whether a visible handler must receive the message: if none does, an
   * {@link UndeliveredMessageException} goes to the bus's error handler (and the message, as
   * always, is posted as a {@link DeadMessage}).
   */
  public boolean requireReceiver() {
    return requireReceiver;
  }

  /** A builder that starts from this header. */
  public Builder toBuilder() {
    Builder builder = new Builder();
    builder.to = to;
    builder.tags = tags;
    builder.requireReceiver = requireReceiver;
    return builder;
  }

  @Override
  public String toString() {
    return "Header[to=" + to + (tags.isEmpty() ? "" : ", tags=" + tags)
        + (requireReceiver ? ", requireReceiver" : "") + "]";
  }

  /** Builds a {@link Header}. Not thread-safe. */
  public static final class Builder {
    private Address to = Address.BROADCAST;
    private TagSet tags = TagSet.NONE;
    private boolean requireReceiver;

    private Builder() {}

    /** Where the message goes; the default is {@link Address#BROADCAST}. */
    public Builder to(Address to) {
      this.to = Objects.requireNonNull(to, "to");
      return this;
    }

    /** The message's tags, replacing any set before. */
    public Builder tags(String... tags) {
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

    public Header build() {
      return new Header(this);
    }
  }
}
