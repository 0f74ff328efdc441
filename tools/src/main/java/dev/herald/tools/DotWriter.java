package dev.herald.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The message map as a Graphviz graph, the same picture as {@link MermaidWriter}'s.
 *
 * <p>Its second line is a graph comment, {@code comment="map sha256 <hex>"} (no hyphen, which
 * Graphviz would escape in the SVG), the hash of the text without that line. Graphviz copies the
 * comment into the SVG it renders, so a check without Graphviz can tell whether a committed picture
 * was rendered from the current graph.
 */
final class DotWriter {
  static final String HASH_PREFIX = "map sha256 ";

  private DotWriter() {}

  static void write(Diagram diagram, Output out) {
    // Twice: once for the hash, once into the file, so that the text is never held whole.
    MessageDigest digest = sha256();
    Writer hashed =
        new OutputStreamWriter(
            new DigestOutputStream(OutputStream.nullOutputStream(), digest),
            StandardCharsets.UTF_8);
    body(diagram, new Output(hashed), null);
    try {
      hashed.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    body(diagram, out, HexFormat.of().formatHex(digest.digest()));
  }

  /** The hash a DOT text written by {@link #write} carries: that of the text without its line. */
  static String hashOf(String dot) {
    StringBuilder body = new StringBuilder();
    for (String line : dot.split("\n", -1)) {
      if (!line.startsWith("  comment=\"" + HASH_PREFIX)) {
        body.append(line).append('\n');
      }
    }
    return sha256(body.substring(0, body.length() - 1));
  }

  /** The graph; with its hash as a comment on its second line, unless {@code hash} is null. */
  private static void body(Diagram diagram, Output out, String hash) {
    out.append("digraph message_map {\n");
    if (hash != null) {
      out.append("  comment=\"").append(HASH_PREFIX).append(hash).append("\";\n");
    }
    out.append("  graph [rankdir=LR, fontname=\"Helvetica\", nodesep=0.25, ranksep=0.6];\n");
    out.append("  node [fontname=\"Helvetica\", fontsize=10, style=filled];\n");
    out.append("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for (Map.Entry<String, String> type : diagram.typeIds.entrySet()) {
      boolean wire = diagram.map.wire(type.getKey()) != null;
      out.append("  ")
          .append(type.getValue())
          .append(" [shape=box, label=\"")
          .append(label(diagram.typeLabel(type.getKey())))
          .append(
              wire
                  ? "\", fillcolor=\"#e6f4ea\", color=\"#1e8e3e\", penwidth=2];\n"
                  : "\", fillcolor=\"#fff8e1\", color=\"#b08800\"];\n");
    }
    for (Map.Entry<String, String> listener : diagram.listenerIds.entrySet()) {
      out.append("  ")
          .append(listener.getValue())
          .append(" [shape=component, label=\"")
          .append(escaped(diagram.listenerLabel(listener.getKey())))
          .append("\", fillcolor=\"#e8f0fe\", color=\"#1a73e8\"];\n");
    }
    for (Map.Entry<String, String> type : diagram.typeIds.entrySet()) {
      for (String supertype : diagram.map.shownSupertypes(type.getKey(), diagram.types)) {
        out.append("  ")
            .append(type.getValue())
            .append(" -> ")
            .append(diagram.typeIds.get(supertype))
            .append(" [style=dashed, arrowhead=empty];\n");
      }
    }
    for (MessageMap.Handler handler : diagram.map.handlers()) {
      out.append("  ")
          .append(diagram.typeIds.get(handler.messageType()))
          .append(" -> ")
          .append(diagram.listenerIds.get(handler.listener()))
          .append(" [label=\"")
          .append(escaped(MessageMap.label(handler)))
          .append("\"];\n");
    }
    out.append("}\n");
  }

  private static String label(List<String> lines) {
    StringBuilder label = new StringBuilder();
    for (String line : lines) {
      label.append(label.length() == 0 ? "" : "\\n").append(escaped(line));
    }
    return label.toString();
  }

  /** Text inside a quoted DOT string. */
  private static String escaped(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  private static String sha256(String text) {
    return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
