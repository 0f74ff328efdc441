package dev.herald.processor.model;

import java.util.List;
import java.util.Objects;
import javax.lang.model.element.TypeElement;

/**
 * What the message map records of a listener: its handlers, and the hierarchy of the types they
 * take.
 *
 * @param element the listener class, the map file's one originating element
 * @param listener its binary name
 * @param handlers the handler rows of its dispatcher, in the dispatcher's order
 * @param types every type a handler takes and all their supertypes, sorted by name
 */
public record ListenerMap(
    TypeElement element, String listener, List<Handler> handlers, List<KnownType> types) {

  /**
   * One handler row with the names the map spells it by.
   *
   * @param method the row's attributes, as the dispatcher lists them
   * @param messageType the binary name of the type it takes, erased
   * @param replyType the binary name of what it returns, erased; {@code null} if it returns nothing
   */
  public record Handler(HandlerMethod method, String messageType, String replyType) {
    public Handler {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(messageType, "messageType");
    }
  }

  public ListenerMap {
    Objects.requireNonNull(element, "element");
    Objects.requireNonNull(listener, "listener");
    handlers = List.copyOf(handlers);
    types = List.copyOf(types);
  }
}
