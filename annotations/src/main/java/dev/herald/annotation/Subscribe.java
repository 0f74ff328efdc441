package dev.herald.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method as a message handler.
 *
 * <p>Herald's annotation processor ({@code herald-processor}) turns every class with
 * {@code @Subscribe} methods into a generated dispatcher that calls the methods directly; nothing
 * reads this annotation at run time, so its retention is {@link RetentionPolicy#CLASS} (kept in
 * class files so that subclasses compiled later still see inherited handlers).
 *
 * <p>A handler method:
 *
 * <ul>
 *   <li>is an instance method that is not {@code private}, declared in a top-level or member class
 *       or interface that code in the same package can reach; in a class it is not {@code
 *       abstract}, in an interface it may be (or a {@code default} method);
 *   <li>takes exactly one parameter, the message; it receives every message whose runtime class is
 *       the parameter type or a subtype of it ({@code Object} receives everything). Because routing
 *       uses the runtime class, the parameter may not be a primitive, a type variable or a
 *       parameterized type with concrete arguments ({@code List<?>} is fine, {@code List<String>}
 *       is not);
 *   <li>may take a second parameter, a {@code dev.herald.Envelope}: who sent the message, to whom,
 *       with which tags, and when;
 *   <li>may return a value: {@code request} collects it as a reply ({@code post} ignores it).
 * </ul>
 *
 * Mistakes are reported by the processor as compile errors on the method.
 *
 * <p>Handlers inherited from superclasses are registered with the subclass. A handler overridden in
 * a subclass runs once per message, through ordinary virtual dispatch.
 *
 * <p>Handlers declared on an interface are called through the interface, so every implementation
 * has them: a class, an anonymous class, a lambda of a functional interface, a mock. A listener has
 * each handler method once, as Java has each method once: when a class declares (or inherits from a
 * superclass) a {@code @Subscribe} method with the same name, message type and parameters as one of
 * its interfaces, the class's annotation is the one that counts; when only interfaces declare it, a
 * sub-interface's annotation overrides its super-interface's, and between unrelated interfaces the
 * first found wins (a superclass's interfaces before the class's own, in the order the class names
 * them).
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Subscribe {

  /**
   * Handlers with a higher priority receive a message first; handlers of equal priority receive it
   * in the order they were registered. The default is 0; negative values are allowed.
   */
  int priority() default 0;

  /**
   * Tags this handler listens to. A handler with no tags receives messages regardless of their
   * tags; a handler with tags receives only messages sent with at least one of them (a plain {@code
   * post} carries no tags). Tags take effect with headers in the routing layer.
   */
  String[] tags() default {};

  /**
   * A hidden handler receives messages but does not count as a receiver: a message that reached
   * only hidden handlers is still reported as a {@code DeadMessage}. Meant for loggers, debuggers
   * and other observers.
   */
  boolean hidden() default false;

  /**
   * Runs the handler on the bus's executor instead of the posting thread. Calls to one asynchronous
   * handler do not overlap, unless it is also {@link #concurrent()}. An asynchronous handler cannot
   * reply: {@code request} returns before it runs.
   */
  boolean async() default false;

  /**
   * Calls to this handler may run at the same time on several threads, because it is safe for that
   * (Guava's {@code @AllowConcurrentEvents}). With {@link #async()}, calls overlap on the executor;
   * on a bus built with {@code serializedHandlers()} (Guava's rule), this handler is the exception
   * that is not serialized.
   */
  boolean concurrent() default false;

  /**
   * Calls to this handler on one listener never overlap: a thread that posts while another thread
   * is in it waits for it to return (Guava's rule for handlers without
   * {@code @AllowConcurrentEvents}). By default a handler on the posting thread runs whenever that
   * thread posts, at the same time as other posting threads.
   */
  boolean serialized() default false;

  /**
   * The name of the delivery lane this handler receives on, or {@code ""} for the posting thread. A
   * lane is an executor given to the bus's builder under a name ({@code lane("ui",
   * Platform::runLater)}); every handler of one lane receives messages in the order they were
   * posted, one at a time (greenrobot's {@code MAIN_ORDERED}). A lane handler cannot reply.
   */
  String lane() default "";

  /**
   * Receives, when its listener registers, the sticky messages the bus kept for its message type
   * ({@code bus.sticky().post(message)}; greenrobot's sticky events), then everything posted after,
   * as any handler.
   */
  boolean sticky() default false;
}
