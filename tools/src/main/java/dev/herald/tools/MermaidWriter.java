package dev.herald.tools;

import java.util.List;
import java.util.Map;

/**
 * The message map as a Mermaid flowchart: message types (wire types marked), listeners, a dotted
 * arrow from each type to its supertypes, and a labelled arrow from each type to the listeners
 * whose handlers take it.
 */
final class MermaidWriter {
  private MermaidWriter() {}

  static void write(Diagram diagram, Output out) {
    out.append("%% The message map, drawn by dev.herald.tools.MessageMapTool from the\n");
    out.append("%% META-INF/herald/map files Herald's processor writes.\n");
    out.append("flowchart LR\n");
    out.append("  classDef message fill:#fff8e1,stroke:#b08800\n");
    out.append("  classDef wire fill:#e6f4ea,stroke:#1e8e3e,stroke-width:2px\n");
    out.append("  classDef listener fill:#e8f0fe,stroke:#1a73e8\n");
    for (Map.Entry<String, String> type : diagram.typeIds.entrySet()) {
      out.append("  ")
          .append(type.getValue())
          .append("[\"")
          .append(label(diagram.typeLabel(type.getKey())))
          .append("\"]:::")
          .append(diagram.map.wire(type.getKey()) == null ? "message" : "wire")
          .append('\n');
    }
    for (Map.Entry<String, String> listener : diagram.listenerIds.entrySet()) {
      out.append("  ")
          .append(listener.getValue())
          .append("([\"")
          .append(escaped(diagram.listenerLabel(listener.getKey())))
          .append("\"]):::listener\n");
    }
    for (Map.Entry<String, String> type : diagram.typeIds.entrySet()) {
      for (String supertype : diagram.map.shownSupertypes(type.getKey(), diagram.types)) {
        out.append("  ")
            .append(type.getValue())
            .append(" -.-> ")
            .append(diagram.typeIds.get(supertype))
            .append('\n');
      }
    }
    for (MessageMap.Handler handler : diagram.map.handlers()) {
      out.append("  ")
          .append(diagram.typeIds.get(handler.messageType()))
          .append(" -->|\"")
          .append(escaped(MessageMap.label(handler)))
          .append("\"| ")
          .append(diagram.listenerIds.get(handler.listener()))
          .append('\n');
    }
  }

  private static String label(List<String> lines) {
    StringBuilder label = new StringBuilder();
    for (String line : lines) {
      label.append(label.length() == 0 ? "" : "<br/>").append(escaped(line));
    }
    return label.toString();
  }

  /**
   * Text inside a quoted Mermaid label: quotes and markup as entity codes, line breaks (a tag may
   * hold one) as spaces, since a label ends at the end of its line.
   */
  static String escaped(String text) {
    return text.replace('\n', ' ')
        .replace('\r', ' ')
        .replace("#", "#35;")
        .replace("\"", "#quot;")
        .replace("<", "#lt;")
        .replace(">", "#gt;")
        .replace("|", "#124;");
  }
}
