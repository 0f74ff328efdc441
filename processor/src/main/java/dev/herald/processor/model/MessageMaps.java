package dev.herald.processor.model;

import dev.herald.processor.GeneratedNames;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Builds what the message map records of a listener ({@link ListenerMap}) or a wire type ({@link
 * WireTypeMap}) from the model its generated class is written from, plus the supertypes of the
 * types involved. A type's supertypes are looked up once per compilation.
 */
public final class MessageMaps {
  private final Elements elements;
  private final Types types;

  /** The types seen so far, with the elements of their direct supertypes. */
  private final Map<TypeElement, Known> known = new HashMap<>();

  private record Known(KnownType type, List<TypeElement> supertypes) {}

  public MessageMaps(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /** The map of a listener whose dispatcher is written from {@code listener}. */
  public ListenerMap of(ListenerClass listener) {
    List<ListenerMap.Handler> handlers = new ArrayList<>();
    Map<String, KnownType> closure = new TreeMap<>();
    for (HandlerMethod handler : listener.handlers()) {
      TypeMirror message = types.erasure(handler.messageType());
      String reply = handler.returnsValue() ? nameOf(types.erasure(handler.returnType())) : null;
      handlers.add(new ListenerMap.Handler(handler, nameOf(message), reply));
      addWithSupertypes(message, closure);
    }
    return new ListenerMap(
        listener.element(), listener.binaryName(), handlers, List.copyOf(closure.values()));
  }

  /** The map of a wire type whose codec is written from {@code wire}. */
  public WireTypeMap of(WireType wire) {
    List<WireTypeMap.Field> fields = new ArrayList<>();
    for (WireField field : wire.fields()) {
      fields.add(new WireTypeMap.Field(field.name(), nameWithArguments(field.type().type())));
    }
    List<String> subtypes = new ArrayList<>();
    for (TypeElement subtype : wire.subtypes()) {
      subtypes.add(GeneratedNames.binaryName(subtype, elements));
    }
    Map<String, KnownType> closure = new TreeMap<>();
    addWithSupertypes(wire.element(), closure);
    return new WireTypeMap(
        wire,
        GeneratedNames.binaryName(wire.element(), elements),
        fields,
        subtypes,
        List.copyOf(closure.values()));
  }

  private void addWithSupertypes(TypeMirror type, Map<String, KnownType> closure) {
    if (type.getKind() == TypeKind.DECLARED) {
      addWithSupertypes((TypeElement) ((DeclaredType) type).asElement(), closure);
    } else if (type.getKind() == TypeKind.ARRAY) {
      String name = nameOf(type);
      closure.putIfAbsent(name, new KnownType(name, KnownType.Kind.ARRAY, List.of()));
    }
  }

  private void addWithSupertypes(TypeElement type, Map<String, KnownType> closure) {
    if (isObject(type)) {
      return;
    }
    Known node = knownOf(type);
    if (closure.putIfAbsent(node.type().name(), node.type()) == null) {
      for (TypeElement supertype : node.supertypes()) {
        addWithSupertypes(supertype, closure);
      }
    }
  }

  private Known knownOf(TypeElement type) {
    Known node = known.get(type);
    if (node == null) {
      List<TypeElement> supertypes = new ArrayList<>();
      addIfDeclared(type.getSuperclass(), supertypes);
      for (TypeMirror implemented : type.getInterfaces()) {
        addIfDeclared(implemented, supertypes);
      }
      List<String> names = new ArrayList<>();
      for (TypeElement supertype : supertypes) {
        names.add(GeneratedNames.binaryName(supertype, elements));
      }
      node =
          new Known(
              new KnownType(GeneratedNames.binaryName(type, elements), kindOf(type), names),
              supertypes);
      known.put(type, node);
    }
    return node;
  }

  /**
   * A supertype the compiler resolved, other than {@code Object}; an unresolved one is left out.
   */
  private static void addIfDeclared(TypeMirror supertype, List<TypeElement> supertypes) {
    if (supertype.getKind() == TypeKind.DECLARED) {
      TypeElement element = (TypeElement) ((DeclaredType) supertype).asElement();
      if (!isObject(element)) {
        supertypes.add(element);
      }
    }
  }

  private static boolean isObject(TypeElement type) {
    return type.getQualifiedName().contentEquals("java.lang.Object");
  }

  private static KnownType.Kind kindOf(TypeElement type) {
    switch (type.getKind()) {
      case INTERFACE:
        return KnownType.Kind.INTERFACE;
      case ENUM:
        return KnownType.Kind.ENUM;
      case RECORD:
        return KnownType.Kind.RECORD;
      case ANNOTATION_TYPE:
        return KnownType.Kind.ANNOTATION;
      default:
        return KnownType.Kind.CLASS;
    }
  }

  /**
   * The name of an erased type: a binary name, a primitive's keyword, or either with {@code []}.
   */
  private String nameOf(TypeMirror erased) {
    switch (erased.getKind()) {
      case DECLARED:
        return GeneratedNames.binaryName(
            (TypeElement) ((DeclaredType) erased).asElement(), elements);
      case ARRAY:
        return nameOf(((ArrayType) erased).getComponentType()) + "[]";
      default:
        return erased.getKind().isPrimitive() || erased.getKind() == TypeKind.VOID
            ? erased.getKind().name().toLowerCase(Locale.ROOT)
            : types.erasure(erased).toString();
    }
  }

  /** {@link #nameOf} with the type arguments: {@code java.util.Map<java.lang.String,int[]>}. */
  private String nameWithArguments(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY) {
      return nameWithArguments(((ArrayType) type).getComponentType()) + "[]";
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return nameOf(type);
    }
    DeclaredType declared = (DeclaredType) type;
    StringBuilder name = new StringBuilder(nameOf(declared));
    List<? extends TypeMirror> arguments = declared.getTypeArguments();
    for (int i = 0; i < arguments.size(); i++) {
      name.append(i == 0 ? "<" : ",").append(nameWithArguments(arguments.get(i)));
    }
    return arguments.isEmpty() ? name.toString() : name.append('>').toString();
  }
}
