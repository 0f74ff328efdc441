package dev.herald.tools;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the Mermaid and Graphviz pictures both draw, with short stable node ids: the shown message
 * types, each with its nearest shown supertypes; the listeners; and each handler once, as an arrow
 * from the type it takes to its listener. A handler of {@code Object} or of an interface is drawn
 * on that type alone: the hierarchy arrows say which messages it reaches.
 */
final class Diagram {
  final MessageMap map;
  final Set<String> types;
  final Map<String, String> typeIds = new TreeMap<>();
  final Map<String, String> listenerIds = new TreeMap<>();

  Diagram(MessageMap map) {
    this.map = map;
    this.types = map.shownTypes();
    int next = 1;
    for (String type : types) {
      typeIds.put(type, "t" + next++);
    }
    next = 1;
    for (String listener : map.listeners()) {
      listenerIds.put(listener, "l" + next++);
    }
  }

  /** A type's label lines: its simple name, then its kind and wire id. */
  List<String> typeLabel(String name) {
    List<String> lines = new ArrayList<>();
    lines.add(MessageMap.simpleName(name));
    StringBuilder detail = new StringBuilder();
    if (name.equals(MessageMap.OBJECT)) {
      detail.append("every message");
    } else {
      MessageMap.Type type = map.type(name);
      if (type != null && !type.kind().equals(MessageMap.UNKNOWN_KIND)) {
        detail.append(type.kind());
      }
    }
    MessageMap.WireType wire = map.wire(name);
    if (wire != null) {
      detail.append(detail.length() == 0 ? "" : ", ").append("wire id ").append(wire.id());
    }
    if (detail.length() > 0) {
      lines.add(detail.toString());
    }
    return lines;
  }

  String listenerLabel(String listener) {
    return MessageMap.simpleName(listener);
  }
}
