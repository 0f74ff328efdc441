package dev.herald.tools;

import java.util.List;

/**
 * The message map as one self-contained HTML page: a table of the messages, each with its kind, its
 * supertypes, whether it crosses the process, and every handler it reaches (those of its supertypes
 * too, marked with the type they take), and a search box that filters the rows. Inline CSS and
 * JavaScript, nothing fetched.
 *
 * <p>The page grows with the map, not with the map's square: a row lists the handlers of its own
 * type, and those of a supertype only while they are a few; beyond that it links to the supertype's
 * row, which lists them. Ten thousand messages that all implement one interface with ten thousand
 * handlers would otherwise repeat those handlers in each of their rows.
 */
final class HtmlWriter {
  /**
   * The most handlers of a supertype that a subtype's row repeats (more are a link), and the most
   * supertypes with handlers that it names (more are counted).
   */
  static final int INLINE_LIMIT = 3;

  private HtmlWriter() {}

  private static final String STYLE =
      """
      body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #202124; }
      h1 { font-size: 1.4em; }
      input { font: inherit; padding: 0.3em 0.5em; width: 30em; margin-bottom: 1em; }
      table { border-collapse: collapse; width: 100%; }
      th, td { text-align: left; vertical-align: top; padding: 0.35em 0.6em; border-bottom: 1px solid #dadce0; }
      th { background: #f1f3f4; }
      code { font-size: 0.95em; }
      ul { margin: 0; padding-left: 1.1em; }
      .wire { color: #1e8e3e; font-weight: 600; }
      .via, .attr { color: #5f6368; }
      """;

  private static final String SCRIPT =
      """
      var search = document.getElementById('search');
      search.addEventListener('input', function () {
        var words = search.value.toLowerCase().split(/\\s+/).filter(function (w) { return w; });
        var rows = document.querySelectorAll('#map tbody tr');
        for (var i = 0; i < rows.length; i++) {
          var text = rows[i].textContent.toLowerCase();
          var shown = words.every(function (w) { return text.indexOf(w) >= 0; });
          rows[i].style.display = shown ? '' : 'none';
        }
      });
      // A link to a supertype's row shows the whole table again, so that the row is there to see.
      window.addEventListener('hashchange', function () {
        if (search.value) {
          search.value = '';
          search.dispatchEvent(new Event('input'));
          var row = document.getElementById(location.hash.substring(1));
          if (row) {
            row.scrollIntoView();
          }
        }
      });
      """;

  static void write(MessageMap map, Output out) {
    Diagram diagram = new Diagram(map);
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.append("<title>Message map</title>\n<style>\n").append(STYLE).append("</style>\n");
    out.append("</head>\n<body>\n<h1>Message map</h1>\n");
    out.append("<p>")
        .append(diagram.types.size())
        .append(" message types, ")
        .append(map.handlers().size())
        .append(" handlers in ")
        .append(map.listeners().size())
        .append(" listeners, ")
        .append(map.wireTypes().size())
        .append(" types that cross the process. A handler of a supertype (an interface,")
        .append(" <code>Object</code>) reaches every subtype: its row says through which type.")
        .append("</p>\n");
    out.append("<input id=\"search\" type=\"search\" placeholder=\"Filter: message, listener,")
        .append(" method, tag, wire\" autofocus>\n");
    out.append("<table id=\"map\">\n<thead><tr><th>Message</th><th>Kind</th><th>Is a</th>")
        .append("<th>Crosses the process</th><th>Handlers it reaches</th></tr></thead>\n<tbody>\n");
    for (String type : diagram.types) {
      row(diagram, type, out);
    }
    out.append("</tbody>\n</table>\n<script>\n").append(SCRIPT).append("</script>\n");
    out.append("</body>\n</html>\n");
  }

  private static void row(Diagram diagram, String name, Output out) {
    MessageMap map = diagram.map;
    MessageMap.Type type = map.type(name);
    out.append("<tr");
    if (map.handlersOf(name).size() > INLINE_LIMIT) {
      out.append(" id=\"").append(diagram.typeIds.get(name)).append('"');
    }
    out.append("><td><code>").append(escaped(name)).append("</code></td><td>");
    if (name.equals(MessageMap.OBJECT)) {
      out.append("every message");
    } else if (type != null && !type.kind().equals(MessageMap.UNKNOWN_KIND)) {
      out.append(escaped(type.kind()));
    }
    out.append("</td><td>");
    List<String> supertypes = type == null ? List.of() : type.supertypes();
    for (int i = 0; i < supertypes.size(); i++) {
      out.append(i == 0 ? "" : ", ")
          .append("<code>")
          .append(escaped(MessageMap.simpleName(supertypes.get(i))))
          .append("</code>");
    }
    out.append("</td><td>");
    MessageMap.WireType wire = map.wire(name);
    if (wire != null) {
      out.append("<span class=\"wire\">wire id ").append(wire.id()).append("</span>");
      out.append(wire.derivedId() ? " (derived)" : "");
    }
    out.append("</td><td><ul>");
    int supertypesShown = 0;
    int moreSupertypes = 0;
    int moreHandlers = 0;
    for (String reached : map.selfAndSupertypes(name)) {
      List<MessageMap.Handler> handlers = map.handlersOf(reached);
      if (reached.equals(name)) {
        for (MessageMap.Handler handler : handlers) {
          handler(handler, null, out);
        }
      } else if (handlers.isEmpty()) {
        continue;
      } else if (supertypesShown == INLINE_LIMIT) {
        moreSupertypes++;
        moreHandlers += handlers.size();
      } else if (handlers.size() <= INLINE_LIMIT) {
        supertypesShown++;
        for (MessageMap.Handler handler : handlers) {
          handler(handler, reached, out);
        }
      } else {
        supertypesShown++;
        out.append("<li><a href=\"#")
            .append(diagram.typeIds.get(reached))
            .append("\">")
            .append(handlers.size())
            .append(" handlers</a>");
        via(reached, out);
        out.append("</li>");
      }
    }
    if (moreSupertypes > 0) {
      out.append("<li class=\"via\">and ")
          .append(moreHandlers)
          .append(moreHandlers == 1 ? " handler" : " handlers")
          .append(" of ")
          .append(moreSupertypes)
          .append(moreSupertypes == 1 ? " more supertype" : " more supertypes")
          .append(", listed in their rows</li>");
    }
    out.append("</ul></td></tr>\n");
  }

  /** A handler's item; {@code via} is the supertype it takes, or {@code null} for the row's own. */
  private static void handler(MessageMap.Handler handler, String via, Output out) {
    out.append("<li><code>")
        .append(escaped(MessageMap.simpleName(handler.listener())))
        .append('.')
        .append(escaped(handler.method()))
        .append("</code>");
    if (!handler.attributes().isEmpty()) {
      out.append(" <span class=\"attr\">")
          .append(escaped(String.join(" ", handler.attributes())))
          .append("</span>");
    }
    if (via != null) {
      via(via, out);
    }
    out.append("</li>");
  }

  private static void via(String supertype, Output out) {
    out.append(" <span class=\"via\">via <code>")
        .append(escaped(MessageMap.simpleName(supertype)))
        .append("</code></span>");
  }

  static String escaped(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
