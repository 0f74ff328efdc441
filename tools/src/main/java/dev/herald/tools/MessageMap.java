package dev.herald.tools;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
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

  /** Adds a type; one described by its own type line replaces one known only as a subtype. */
  void addType(Type type) {
    Type known = types.get(type.name());
    if (known == null || (known.kind().equals(UNKNOWN_KIND) && !type.kind().equals(UNKNOWN_KIND))) {
      types.put(type.name(), type);
    }
  }

  void addListener(String listener) {
    listeners.add(listener);
  }

  void addHandler(Handler handler) {
    listeners.add(handler.listener());
    handlers.add(handler);
  }

  void addWireType(WireType wire) {
    wireTypes.putIfAbsent(wire.name(), wire);
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
    return types.get(name);
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
    List<Handler> of = new ArrayList<>();
    for (Handler handler : handlers) {
      if (handler.messageType().equals(type)) {
        of.add(handler);
      }
    }
    return of;
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
      Type type = types.get(toVisit.pop());
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
    Type type = types.get(name);
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
