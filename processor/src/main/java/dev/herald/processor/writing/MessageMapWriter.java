package dev.herald.processor.writing;

import dev.herald.processor.GeneratedNames;
import dev.herald.processor.model.HandlerMethod;
import dev.herald.processor.model.KnownType;
import dev.herald.processor.model.ListenerMap;
import dev.herald.processor.model.WireTypeMap;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes the message map's entry of a listener or the file of a wire type ({@code
 * META-INF/herald/map/demo.Position.wire}, one small text file each, with the wire type as its one
 * originating element). A listener's entry is no file of its own: its dispatcher carries its lines
 * ({@code @GeneratedDispatcher(map = ...)}), and {@link dev.herald.processor.IndexProcessor} writes
 * the entries of every registered dispatcher, one after the other, into {@code
 * META-INF/herald/map/listeners.map}, the one file {@code listeners.index} lists; a reader reads
 * such a file as it reads one entry, each {@code listener} line starting the next listener.
 *
 * <p>The format, version 1: UTF-8 lines ending in {@code \n}; the first is {@code herald-map 1};
 * each other line is a keyword and fields separated by single spaces. Free text (lanes and tags) is
 * percent-encoded UTF-8: every byte but ASCII letters, digits and {@code -._~} is written {@code
 * %XX}. A reader ignores keywords and attributes it does not know.
 *
 * <pre>
 * herald-map 1
 * listener demo.Radar
 * handler onAttack demo.UnderAttack priority=5 async tags=a,b envelope reply=demo.Answer
 * handler onPing demo.Ping lane=radar sticky hidden declared-in=demo.Base
 * type demo.UnderAttack record java.lang.Record demo.Attack
 * </pre>
 *
 * <p>{@code listener}: the listener's binary name. {@code handler}: the method's name, the binary
 * name of the message type it takes (erased), and its attributes, in this order and only those that
 * differ from the default: {@code priority=}, {@code async}, {@code concurrent}, {@code
 * serialized}, {@code lane=}, {@code sticky}, {@code hidden}, {@code tags=} (comma-separated, in
 * declaration order), {@code envelope} (it takes one), {@code reply=} (what it returns, erased) and
 * {@code declared-in=} (a superclass without a dispatcher of its own, whose handler the listener's
 * dispatcher calls); the lines are sorted. {@code type}: every message type and all its supertypes,
 * sorted by name, each with its kind ({@code class}, {@code interface}, {@code enum}, {@code
 * record}, {@code annotation} or {@code array}) and its direct supertypes (superclass first, {@code
 * java.lang.Object} never).
 *
 * <pre>
 * herald-map 1
 * wire demo.Position 7 record
 * field x int
 * field names java.util.List&lt;java.lang.String&gt;
 * type demo.Position record java.lang.Record
 * </pre>
 *
 * <p>{@code wire}: the type's binary name, its wire id, its kind ({@code record}, {@code
 * final-class}, {@code enum} or {@code sealed-interface}), and {@code derived-id} if the id was
 * derived from the name rather than given. {@code field}: a field's name and type (binary names,
 * with type arguments, no spaces), in wire order. {@code subtype}: a sealed interface's permitted
 * subtypes, in declaration order. {@code type} lines as in a listener's file.
 */
public final class MessageMapWriter {
  private final Filer filer;

  public MessageMapWriter(Filer filer) {
    this.filer = filer;
  }

  /**
   * Writes {@code listeners.map}: the entries (each a listener's lines after the format line), in
   * the order given, each {@code type} line once however many entries have it, after all the
   * listeners; and {@code listeners.index}, which lists it.
   */
  public void writeListeners(Collection<List<String>> entries, Element[] originating)
      throws IOException {
    StringBuilder text = new StringBuilder(GeneratedNames.MAP_FORMAT).append('\n');
    Set<String> types = new TreeSet<>();
    for (List<String> entry : entries) {
      for (String line : entry) {
        if (line.startsWith("type ")) {
          types.add(line);
        } else {
          text.append(line).append('\n');
        }
      }
    }
    for (String type : types) {
      text.append(type).append('\n');
    }
    write(GeneratedNames.MAP_FOLDER + GeneratedNames.LISTENERS_MAP, text.toString(), originating);
    write(
        GeneratedNames.LISTENER_MAP_INDEX,
        GeneratedNames.MAP_FORMAT + "\n" + GeneratedNames.LISTENERS_MAP + "\n",
        originating);
  }

  /** Writes the map file of a wire type. */
  public void write(WireTypeMap map) throws IOException {
    write(
        GeneratedNames.MAP_FOLDER + GeneratedNames.wireMapOf(map.name()),
        text(map),
        map.wire().element());
  }

  private void write(String file, String text, Element... originating) throws IOException {
    FileObject resource =
        filer.createResource(StandardLocation.CLASS_OUTPUT, "", file, originating);
    try (Writer out = new OutputStreamWriter(resource.openOutputStream(), StandardCharsets.UTF_8)) {
      out.write(text);
    }
  }

  /**
   * The most characters of one string of a dispatcher's marker: a class file holds a string
   * constant of at most 65,535 bytes, and a character takes at most three.
   */
  static final int MAX_PIECE = 16_384;

  /** What starts a string of the marker that continues the line before it. */
  static final String CONTINUED = "+";

  /**
   * The strings of a dispatcher's marker for {@code text}: a line each, except that a line too long
   * for one class file constant (a handler with long tags, say) is cut into pieces, each after the
   * first starting with {@link #CONTINUED}, which starts no line of the map (every line starts with
   * a keyword).
   */
  public static List<String> markerStrings(String text) {
    List<String> strings = new ArrayList<>();
    for (String line : text.split("\n")) {
      String prefix = "";
      while (line.length() > MAX_PIECE) {
        int cut = MAX_PIECE;
        if (Character.isHighSurrogate(line.charAt(cut - 1))) {
          cut--; // a surrogate pair stays in one piece: alone, neither half is text
        }
        strings.add(prefix + line.substring(0, cut));
        line = line.substring(cut);
        prefix = CONTINUED;
      }
      if (!line.isEmpty()) {
        strings.add(prefix + line);
      }
    }
    return strings;
  }

  /** The lines of the map that {@link #markerStrings} cut into {@code strings}. */
  public static List<String> linesOfMarker(List<String> strings) {
    List<String> lines = new ArrayList<>();
    for (String string : strings) {
      if (string.startsWith(CONTINUED) && !lines.isEmpty()) {
        int last = lines.size() - 1;
        lines.set(last, lines.get(last) + string.substring(CONTINUED.length()));
      } else {
        lines.add(string);
      }
    }
    return lines;
  }

  /** The lines of a listener's entry, which its dispatcher carries. */
  public static String text(ListenerMap map) {
    StringBuilder text = new StringBuilder(GeneratedNames.MAP_FORMAT).append('\n');
    text.append("listener ").append(map.listener()).append('\n');
    List<String> handlers = new ArrayList<>();
    for (ListenerMap.Handler handler : map.handlers()) {
      handlers.add(handlerLine(handler));
    }
    handlers.sort(null);
    for (String line : handlers) {
      text.append(line).append('\n');
    }
    appendTypes(map.types(), text);
    return text.toString();
  }

  static String text(WireTypeMap map) {
    StringBuilder text = new StringBuilder(GeneratedNames.MAP_FORMAT).append('\n');
    text.append("wire ")
        .append(map.name())
        .append(' ')
        .append(map.wire().id())
        .append(' ')
        .append(map.wire().kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
    if (!map.wire().explicitId()) {
      text.append(" derived-id");
    }
    text.append('\n');
    for (WireTypeMap.Field field : map.fields()) {
      text.append("field ").append(field.name()).append(' ').append(field.type()).append('\n');
    }
    for (String subtype : map.subtypes()) {
      text.append("subtype ").append(subtype).append('\n');
    }
    appendTypes(map.types(), text);
    return text.toString();
  }

  private static String handlerLine(ListenerMap.Handler handler) {
    HandlerMethod method = handler.method();
    StringBuilder line =
        new StringBuilder("handler ")
            .append(method.name())
            .append(' ')
            .append(handler.messageType());
    if (method.priority() != 0) {
      line.append(" priority=").append(method.priority());
    }
    flag(line, method.async(), "async");
    flag(line, method.concurrent(), "concurrent");
    flag(line, method.serialized(), "serialized");
    if (!method.lane().isEmpty()) {
      line.append(" lane=").append(percentEncoded(method.lane()));
    }
    flag(line, method.sticky(), "sticky");
    flag(line, method.hidden(), "hidden");
    for (int i = 0; i < method.tags().size(); i++) {
      line.append(i == 0 ? " tags=" : ",").append(percentEncoded(method.tags().get(i)));
    }
    flag(line, method.takesEnvelope(), "envelope");
    if (handler.replyType() != null) {
      line.append(" reply=").append(handler.replyType());
    }
    if (method.declaredIn() != null) {
      line.append(" declared-in=").append(method.declaredIn());
    }
    return line.toString();
  }

  private static void flag(StringBuilder line, boolean set, String name) {
    if (set) {
      line.append(' ').append(name);
    }
  }

  private static void appendTypes(List<KnownType> types, StringBuilder text) {
    for (KnownType type : types) {
      text.append("type ")
          .append(type.name())
          .append(' ')
          .append(type.kind().name().toLowerCase(Locale.ROOT));
      for (String supertype : type.supertypes()) {
        text.append(' ').append(supertype);
      }
      text.append('\n');
    }
  }

  /** Free text as one field: UTF-8, every byte but letters, digits and {@code -._~} as %XX. */
  static String percentEncoded(String text) {
    StringBuilder encoded = new StringBuilder();
    for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      if ((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        encoded.append((char) c);
      } else {
        encoded.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)));
        encoded.append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return encoded.toString();
  }
}
