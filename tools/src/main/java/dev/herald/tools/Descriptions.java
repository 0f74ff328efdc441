package dev.herald.tools;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How the map files describe each entry of one kind (a listener, a type, a wire id), to find the
 * entries that two files describe differently. The same description from several files is one
 * description; which file said it first does not matter, so what is found does not depend on the
 * order of the inputs.
 *
 * @param <V> what a description stands for
 */
final class Descriptions<V> {
  /** One way an entry is described: by which files (the first in sorted order, and how many). */
  static final class Said<V> {
    private final V value;
    private String firstSource;
    private int sources;

    Said(V value, String source) {
      this.value = value;
      this.firstSource = source;
      this.sources = 1;
    }

    V value() {
      return value;
    }

    /** The source that sorts first of those that said it, and how many others did. */
    String sources() {
      return sources == 1
          ? firstSource
          : firstSource + " (and " + (sources - 1) + " other file" + (sources == 2 ? ")" : "s)");
    }
  }

  private final Map<String, TreeMap<String, Said<V>>> byEntry = new HashMap<>();

  /**
   * Records that {@code source} describes {@code entry} as {@code description}.
   *
   * @return the value of the entry's description that sorts first, the one a map shows
   */
  V add(String entry, String description, V value, String source) {
    TreeMap<String, Said<V>> said = byEntry.get(entry);
    if (said == null) {
      said = new TreeMap<>();
      byEntry.put(entry, said);
    }
    Said<V> same = said.get(description);
    if (same == null) {
      said.put(description, new Said<>(value, source));
    } else {
      same.sources++;
      if (source.compareTo(same.firstSource) < 0) {
        same.firstSource = source;
      }
    }
    return said.firstEntry().getValue().value();
  }

  /** The entries described in more than one way, sorted, each with its descriptions, sorted. */
  Map<String, Map<String, Said<V>>> conflicting() {
    Map<String, Map<String, Said<V>>> conflicting = new TreeMap<>();
    for (Map.Entry<String, TreeMap<String, Said<V>>> entry : byEntry.entrySet()) {
      if (entry.getValue().size() > 1) {
        conflicting.put(entry.getKey(), entry.getValue());
      }
    }
    return conflicting;
  }

  /** {@code 'a' in x.jar!/..., 'b' in y/...}: each description with where it was read. */
  static String list(Map<String, ? extends Said<?>> descriptions) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, ? extends Said<?>> said : descriptions.entrySet()) {
      parts.add("'" + Printable.of(said.getKey()) + "' in " + said.getValue().sources());
    }
    return String.join(", ", parts);
  }
}
