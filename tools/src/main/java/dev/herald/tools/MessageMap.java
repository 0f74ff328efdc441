package dev.herald.tools;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The message map of a program, merged from the map files of its jars and class folders: every
 * listener's handlers, every {@code @Wire} type's id, and the hierarchy of the types as the
 * compiler knew it. Everything is kept sorted, so what is drawn from it is the same on every run.
 */
final class MessageMap {
  static final String OBJECT = "java.lang.Object";

  /** The kind of a type known only as a sealed wire type's permitted subtype. */
  static final String UNKNOWN_KIND = "unknown";

  /** A type with its direct supertypes ({@code java.lang.Object} never among them). */
  static final class Type {
    private final String name;
    private final String kind;
    private final List<String> supertypes;

    Type(String name, String kind, List<String> supertypes) {
      this.name = name;
      this.kind = kind;
      this.supertypes = List.copyOf(supertypes);
    }

    String name() {
      return name;
    }

    String kind() {
      return kind;
    }

    List<String> supertypes() {
      return supertypes;
    }
  }

  /**
   * One handler: a listener's method, the type it takes, and its attributes as the map file lists
   * them, with lanes and tags decoded. Ordered by message type, then listener, method and
   * attributes.
   */
  static final class Handler implements Comparable<Handler> {
    private final String listener;
    private final String method;
    private final String messageType;
    private final List<String> attributes;
    private final String key;

    Handler(String listener, String method, String messageType, List<String> attributes) {
      this.listener = listener;
      this.method = method;
      this.messageType = messageType;
      this.attributes = List.copyOf(attributes);
      this.key =
          messageType + '\n' + listener + '\n' + method + '\n' + String.join(" ", attributes);
    }

    String listener() {
      return listener;
    }

    String method() {
      return method;
    }

    String messageType() {
      return messageType;
    }

    List<String> attributes() {
      return attributes;
    }

    @Override
    public int compareTo(Handler other) {
      return key.compareTo(other.key);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Handler && key.equals(((Handler) other).key);
    }

    @Override
    public int hashCode() {
      return key.hashCode();
    }
  }

  /** A type that crosses the process: it has a codec, with this wire id. */
  static final class WireType {
    private final String name;
    private final int id;
    private final boolean derivedId;

    WireType(String name, int id, boolean derivedId) {
      this.name = name;
      this.id = id;
      this.derivedId = derivedId;
    }

    String name() {
      return name;
    }

    int id() {
      return id;
    }

    /** Whether the id was derived from the type's name rather than given in {@code @Wire}. */
    boolean derivedId() {
      return derivedId;
    }
  }

  private final Map<String, Type> types = new TreeMap<>();
  private final Set<Handler> handlers = new TreeSet<>();
  private final Set<String> listeners = new TreeSet<>();
  private final Map<String, WireType> wireTypes = new TreeMap<>();

  /** The supertypes of the types known only as a sealed wire type's permitted subtype. */
  private final Map<String, Set<String>> subtypesOnly = new TreeMap<>();

  private final Descriptions<Void> listenerDescriptions = new Descriptions<>();
  private final Descriptions<Type> typeDescriptions = new Descriptions<>();
  private final Descriptions<WireType> wireDescriptions = new Descriptions<>();
  private final Descriptions<Void> wireIds = new Descriptions<>();

  /** Every handler by the type it takes; built on first use, after reading. */
  private Map<String, List<Handler>> handlersByType;

  /**
   * Adds a type as {@code source} describes it. Two files that describe it differently were
   * compiled against different versions of it: the map shows the description that sorts first, so
   * that the picture does not depend on the order of the inputs, and {@link #warnings()} says so.
   */
  void addType(Type type, String source) {
    String description = type.kind() + " " + String.join(" ", type.supertypes());
    types.put(type.name(), typeDescriptions.add(type.name(), description.strip(), type, source));
  }

  /** Adds a sealed wire type's permitted subtype, which a type line may describe in full. */
  void addSubtype(String subtype, String wire) {
    Set<String> wires = subtypesOnly.get(subtype);
    if (wires == null) {
      wires = new TreeSet<>();
      subtypesOnly.put(subtype, wires);
    }
    wires.add(wire);
  }

  /** Adds a listener with all its handlers, as the file {@code source} describes it. */
  void addListener(String listener, List<Handler> handlersOfListener, String source) {
    List<String> lines = new ArrayList<>();
    for (Handler handler : handlersOfListener) {
      lines.add(
          String.join(
                  " ",
                  handler.method(),
                  handler.messageType(),
                  String.join(" ", handler.attributes()))
              .strip());
    }
    lines.sort(null);
    listenerDescriptions.add(listener, String.join("; ", lines), null, source);
    listeners.add(listener);
    handlers.addAll(handlersOfListener);
    handlersByType = null;
  }

  /** Adds a wire type as {@code source} describes it: {@code description}, its line's fields. */
  void addWireType(WireType wire, String description, String source) {
    wireTypes.put(wire.name(), wireDescriptions.add(wire.name(), description, wire, source));
    wireIds.add(Integer.toString(wire.id()), wire.name(), null, source);
  }

  /**
   * What makes the inputs not one program: a listener, or a wire type, that two files describe
   * differently; two wire types with one id. Sorted; empty when the map can be drawn.
   */
  List<String> errors() {
    List<String> errors = new ArrayList<>();
    for (Map.Entry<String, Map<String, Descriptions.Said<Void>>> listener :
        listenerDescriptions.conflicting().entrySet()) {
      errors.add(
          "listener "
              + listener.getKey()
              + " has different handlers in different inputs: "
              + Descriptions.list(listener.getValue())
              + ". Two versions of it would be drawn as one; give the inputs of one build (a"
              + " stale jar or class folder? rebuild with mvn clean verify)");
    }
    for (Map.Entry<String, Map<String, Descriptions.Said<WireType>>> wire :
        wireDescriptions.conflicting().entrySet()) {
      errors.add(
          "wire type "
              + wire.getKey()
              + " is described differently in different inputs: "
              + Descriptions.list(wire.getValue())
              + ". Its receivers and senders would disagree; give the inputs of one build");
    }
    for (Map.Entry<String, Map<String, Descriptions.Said<Void>>> id :
        wireIds.conflicting().entrySet()) {
      errors.add(
          "wire id "
              + id.getKey()
              + " is taken by more than one type: "
              + Descriptions.list(id.getValue())
              + ". The program's codec registry refuses them at start: a receiver could not tell"
              + " their messages apart. Give one of them another id with @Wire(id = ...)");
    }
    return errors;
  }

  /**
   * What the map draws but the inputs do not agree on: a type that two files describe differently
   * (the JDK's excepted, which change between JDK versions and are not drawn). Sorted.
   */
  List<String> warnings() {
    List<String> warnings = new ArrayList<>();
    for (Map.Entry<String, Map<String, Descriptions.Said<Type>>> type :
        typeDescriptions.conflicting().entrySet()) {
      if (!isJdk(type.getKey())) {
        warnings.add(
            "type "
                + type.getKey()
                + " is described differently in different inputs: "
                + Descriptions.list(type.getValue())
                + ". They were compiled against different versions of it; the map shows '"
                + Printable.of(type.getValue().keySet().iterator().next())
                + "'");
      }
    }
    return warnings;
  }

  boolean isEmpty() {
    return listeners.isEmpty() && wireTypes.isEmpty();
  }

  /** Every listener, sorted by name. */
  Set<String> listeners() {
    return listeners;
  }

  /** Every handler, sorted by message type, then listener and method. */
  Set<Handler> handlers() {
    return handlers;
  }

  /** The type called {@code name}, or {@code null} if no map file described it. */
  Type type(String name) {
    Type type = types.get(name);
    if (type == null && subtypesOnly.containsKey(name)) {
      return new Type(name, UNKNOWN_KIND, List.copyOf(subtypesOnly.get(name)));
    }
    return type;
  }

  /** The wire type called {@code name}, or {@code null} if it has no codec. */
  WireType wire(String name) {
    return wireTypes.get(name);
  }

  Map<String, WireType> wireTypes() {
    return wireTypes;
  }

  /** The handlers that take exactly {@code type}: where a diagram draws them, once. */
  List<Handler> handlersOf(String type) {
    if (handlersByType == null) {
      handlersByType = new HashMap<>();
      for (Handler handler : handlers) {
        List<Handler> ofType = handlersByType.get(handler.messageType());
        if (ofType == null) {
          ofType = new ArrayList<>();
          handlersByType.put(handler.messageType(), ofType);
        }
        ofType.add(handler);
      }
    }
    return handlersByType.getOrDefault(type, List.of());
  }

  /**
   * The types a diagram shows: every type a handler takes and every wire type, with the supertypes
   * between them that are not the JDK's ({@code java.lang.Record}, {@code Comparable}... would only
   * crowd the picture; a JDK type is shown when a handler takes it).
   */
  Set<String> shownTypes() {
    Set<String> shown = new TreeSet<>(wireTypes.keySet());
    for (Handler handler : handlers) {
      shown.add(handler.messageType());
    }
    Deque<String> toVisit = new ArrayDeque<>(shown);
    while (!toVisit.isEmpty()) {
      Type type = type(toVisit.pop());
      if (type == null) {
        continue;
      }
      for (String supertype : type.supertypes()) {
        if (!isJdk(supertype) && shown.add(supertype)) {
          toVisit.push(supertype);
        }
      }
    }
    return shown;
  }

  /** The nearest supertypes of {@code type} among {@code shown}, looking through hidden ones. */
  Set<String> shownSupertypes(String type, Set<String> shown) {
    Set<String> nearest = new TreeSet<>();
    Set<String> seen = new TreeSet<>();
    Deque<String> toVisit = new ArrayDeque<>(supertypesOf(type));
    while (!toVisit.isEmpty()) {
      String supertype = toVisit.pop();
      if (!seen.add(supertype)) {
        continue;
      }
      if (shown.contains(supertype)) {
        nearest.add(supertype);
      } else {
        toVisit.addAll(supertypesOf(supertype));
      }
    }
    return nearest;
  }

  /**
   * {@code type} and all its supertypes as the map knows them, {@code java.lang.Object} last: the
   * types whose handlers a message of {@code type} reaches.
   */
  List<String> selfAndSupertypes(String type) {
    Set<String> all = new TreeSet<>();
    Deque<String> toVisit = new ArrayDeque<>();
    toVisit.add(type);
    while (!toVisit.isEmpty()) {
      String next = toVisit.pop();
      if (all.add(next)) {
        toVisit.addAll(supertypesOf(next));
      }
    }
    all.remove(type);
    all.remove(OBJECT);
    List<String> ordered = new ArrayList<>();
    ordered.add(type);
    ordered.addAll(all);
    if (!type.equals(OBJECT) && !type.endsWith("[]")) {
      ordered.add(OBJECT);
    }
    return ordered;
  }

  private List<String> supertypesOf(String name) {
    Type type = type(name);
    return type == null ? List.of() : type.supertypes();
  }

  private static boolean isJdk(String name) {
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.");
  }

  /** {@code Outer.Inner} for {@code demo.Outer$Inner}: how a diagram labels a type. */
  static String simpleName(String binaryName) {
    return binaryName.substring(binaryName.lastIndexOf('.') + 1).replace('$', '.');
  }

  /** {@code demo} for {@code demo.Outer$Inner}; {@code ""} for the unnamed package. */
  static String packageOf(String binaryName) {
    int dot = binaryName.lastIndexOf('.');
    return dot < 0 ? "" : binaryName.substring(0, dot);
  }

  /** A handler's label: {@code onAttack priority=5 reply=Answer}, type names shortened. */
  static String label(Handler handler) {
    StringBuilder label = new StringBuilder(handler.method());
    for (String attribute : handler.attributes()) {
      label.append(' ');
      if (attribute.startsWith("reply=") || attribute.startsWith("declared-in=")) {
        int equals = attribute.indexOf('=');
        label.append(attribute, 0, equals + 1).append(simpleName(attribute.substring(equals + 1)));
      } else {
        label.append(attribute);
      }
    }
    return label.toString();
  }
}
