package dev.herald;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A set of tags as a bit set over interned tag numbers, so that matching a message's tags
 * against a handler's is a few AND operations, never a string comparison. Any number of
 * distinct tags may exist; numbers are given out once per JVM.
 */
final class TagSet {
  static final TagSet NONE = new TagSet(new long[0], Set.of());

  private static final Map<String, Integer> NUMBERS = new ConcurrentHashMap<>();

  private final long[] words;
  private final Set<String> names;

  private TagSet(long[] words, Set<String> names) {
    this.words = words;
    this.names = names;
  }

  static TagSet of(Collection<String> tags) {
    if (tags.isEmpty()) {
      return NONE;
    }
    Set<String> names = new LinkedHashSet<>();
    int highest = 0;
    for (String tag : tags) {
      if (tag.isEmpty()) {
        throw new IllegalArgumentException("A tag must not be empty");
      }
      names.add(tag);
      highest = Math.max(highest, numberOf(tag));
    }
    long[] words = new long[highest / 64 + 1];
    for (String tag : names) {
      int number = numberOf(tag);
      words[number / 64] |= 1L << (number % 64);
    }
    return new TagSet(words, Collections.unmodifiableSet(names));
  }

  boolean isEmpty() {
    return words.length == 0;
  }

  /** Whether the two sets share at least one tag. */
  boolean intersects(TagSet other) {
    int common = Math.min(words.length, other.words.length);
    for (int i = 0; i < common; i++) {
      if ((words[i] & other.words[i]) != 0) {
        return true;
      }
    }
    return false;
  }

  Set<String> names() {
    return names;
  }

  private static int numberOf(String tag) {
    Integer number = NUMBERS.get(tag);
    if (number != null) {
      return number;
    }
    synchronized (NUMBERS) {
      return NUMBERS.computeIfAbsent(tag, new NextNumber());
    }
  }

  /** Gives the next free number; called under the lock, so size() is the next number. */
  private static final class NextNumber implements java.util.function.Function<String, Integer> {
    @Override
    public Integer apply(String tag) {
      return NUMBERS.size();
    }
  }

  @Override
  public String toString() {
    return names.toString();
  }
}
