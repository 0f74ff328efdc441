package dev.herald;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Thrown by a post when the stack overflowed while its handlers ran: most often a chain of handlers
 * that each post the next message (nested posts are delivered at once, depth first, so each link of
 * the chain takes stack), sometimes a single handler that recursed too deep. It names the message
 * types of the chain and holds the {@link StackOverflowError} as its cause. It goes to the poster,
 * not to the error handler, as that error would; the bus is unharmed and keeps working.
 *
 * <p>To run a chain of any length, let each handler queue the next message instead of posting it at
 * once (send it with a {@link Header#stage stage} and run that stage), or give the posting thread a
 * larger stack.
 *
 * @since 0.1
 */
public final class PostChainTooDeepException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The messages' classes, the deepest first, as the overflow unwinds through them. */
  private transient List<Class<?>> unwound = new ArrayList<>();

  /** Whether the bus counted it (and recorded its JFR event): once, where the stack allowed. */
  transient boolean counted;

  private PostChainTooDeepException(StackOverflowError overflow) {
    super(null, overflow);
  }

  /** What a handler call throws when the stack overflowed under it, delivering {@code message}. */
  static PostChainTooDeepException overflowedAt(StackOverflowError overflow, Object message) {
    return new PostChainTooDeepException(overflow).through(message);
  }

  /** Adds the message whose handler posted the chain so far; returns this, to be rethrown. */
  PostChainTooDeepException through(Object message) {
    unwound.add(message.getClass());
    return this;
  }

  /** The class of the message whose handler overflowed the stack: the deepest of the chain. */
  Class<?> deepest() {
    return unwound.get(0);
  }

  /** How many nested posts it has unwound through so far. */
  int unwoundCount() {
    return unwound.size();
  }

  /**
   * The classes of the messages in the chain, the first one posted first: each was posted by a
   * handler of the one before it. (The links nearest the point of overflow are missing: the error
   * unwinds through them untouched until the stack has room to build this exception.)
   */
  public List<Class<?>> chain() {
    List<Class<?>> chain = unwound == null ? new ArrayList<>() : new ArrayList<>(unwound);
    Collections.reverse(chain);
    return Collections.unmodifiableList(chain);
  }

  @Override
  public String getMessage() {
    List<Class<?>> chain = chain();
    if (chain.size() == 1) {
      return "The stack overflowed while a handler of "
          + chain.get(0).getName()
          + " ran; it"
          + " posted nothing that went deeper, so the handler itself recursed too deep";
    }
    Set<String> types = new LinkedHashSet<>();
    for (Class<?> type : chain) {
      types.add(type.getName());
    }
    return "The stack overflowed in a chain of "
        + chain.size()
        + " nested posts, each made by a"
        + " handler of the message before it; the message types in the chain, from the first: "
        + String.join(", ", types)
        + ". Nested posts are delivered at once, depth first: to run"
        + " a chain of any length, send each next message with a stage (Header.stage) and run"
        + " that stage, or give the posting thread a larger stack";
  }
}
