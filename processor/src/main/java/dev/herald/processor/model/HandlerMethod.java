package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * One row of a dispatcher's handler table.
 *
 * @param name the method's simple name
 * @param messageType the parameter type as declared (a class, a wildcard-parameterized type or an
 *     array); the writer erases it for the class literal
 * @param catchAll whether the parameter is {@code Object}, so the call needs no cast
 * @param priority {@code @Subscribe(priority)}
 * @param tags {@code @Subscribe(tags)}, in declaration order
 * @param hidden {@code @Subscribe(hidden)}
 * @param async {@code @Subscribe(async)}
 * @param concurrent {@code @Subscribe(concurrent)}
 * @param serialized {@code @Subscribe(serialized)}
 * @param sticky {@code @Subscribe(sticky)}
 * @param lane {@code @Subscribe(lane)}, {@code ""} for none
 * @param takesEnvelope whether the method takes a {@code dev.herald.Envelope} second
 * @param returnType what the method returns: a value becomes a reply; {@code void} for none
 * @param declaredIn binary name of the superclass declaring the method, or {@code null} when it is
 *     the listener class itself
 * @param overrides binary names of the superclasses with a dispatcher whose handler this one
 *     overrides, directly or through a class in between; empty if none
 */
public record HandlerMethod(
    String name,
    TypeMirror messageType,
    boolean catchAll,
    int priority,
    List<String> tags,
    boolean hidden,
    boolean async,
    boolean concurrent,
    boolean serialized,
    boolean sticky,
    String lane,
    boolean takesEnvelope,
    TypeMirror returnType,
    String declaredIn,
    List<String> overrides) {

  public HandlerMethod {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(messageType, "messageType");
    Objects.requireNonNull(lane, "lane");
    Objects.requireNonNull(returnType, "returnType");
    tags = List.copyOf(tags);
    overrides = List.copyOf(overrides);
  }

  /** Whether the method returns something, which becomes a reply. */
  public boolean returnsValue() {
    return returnType.getKind() != TypeKind.VOID;
  }
}
