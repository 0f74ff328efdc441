package dev.herald;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A set of tags as the sorted numbers of interned tags, so that matching a message's tags against a
 * handler's compares a few ints, never strings. Any number of distinct tags may exist; numbers are
 * given out once per JVM. A set costs memory in proportion to its own tags, whatever their numbers
 * (a bit set would be sized by the highest number in use).
 */
final class TagSet {
  static final TagSet NONE = new TagSet(new int[0], Set.of());

  private static final Map<String, Integer> NUMBERS = new ConcurrentHashMap<>();

  private final int[] numbers;
  private final Set<String> names;

  private TagSet(int[] numbers, Set<String> names) {
    this.numbers = numbers;
    this.names = names;
  }

  static TagSet of(Collection<String> tags) {
    if (tags.isEmpty()) {
      return NONE;
    }
    Set<String> names = new LinkedHashSet<>();
    for (String tag : tags) {
      if (tag.isEmpty()) {
        throw new IllegalArgumentException("A tag must not be empty");
      }
      names.add(tag);
    }
    int[] numbers = new int[names.size()];
    int i = 0;
    for (String tag : names) {
      numbers[i++] = numberOf(tag);
    }
    Arrays.sort(numbers);
    return new TagSet(numbers, Collections.unmodifiableSet(names));
  }

  boolean isEmpty() {
    return numbers.length == 0;
  }

  /** Whether the two sets share at least one tag: one merge walk over the sorted numbers. */
  boolean intersects(TagSet other) {
    int[] mine = numbers;
    int[] theirs = other.numbers;
    int i = 0;
    int j = 0;
    while (i < mine.length && j < theirs.length) {
      if (mine[i] == theirs[j]) {
        return true;
      }
      if (mine[i] < theirs[j]) {
        i++;
      } else {
        j++;
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
