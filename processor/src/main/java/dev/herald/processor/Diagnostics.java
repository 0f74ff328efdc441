package dev.herald.processor;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Every diagnostic Herald's processors print, in one place: for listeners and their dispatchers,
 * and for {@code @Wire} types and their codecs.
 *
 * <p>Each text states the rule, why it exists, and the fix. The constants are the fixed part of a
 * message (tests match on them); the methods append the details of one occurrence.
 */
public final class Diagnostics {

  public static final String PRIVATE_HANDLER =
      "@Subscribe methods must not be private: Herald calls handlers directly from generated"
          + " code in the same package. Make it package-private or wider.";

  public static final String STATIC_HANDLER =
      "@Subscribe methods must not be static: a handler belongs to the listener instance that"
          + " is registered. Make it an instance method, or register a function with"
          + " bus.subscribe(Type.class, lambda). In Kotlin, a top-level function is static: move"
          + " it into a class or an object; and drop @JvmStatic from an object's or a companion"
          + " object's handler and register the object or the companion.";

  public static final String ABSTRACT_HANDLER =
      "@Subscribe methods of a class must not be abstract: Herald calls the method a listener"
          + " class implements. Annotate the implementing method instead, or declare the handler"
          + " in an interface, whose handlers every implementation has.";

  public static final String PARAMETER_COUNT =
      "@Subscribe methods must take the message as their first parameter, and at most one"
          + " more: the delivery's dev.herald.Envelope. Declare (Message message) or"
          + " (Message message, Envelope envelope).";

  public static final String SECOND_PARAMETER =
      "@Subscribe methods may take only a dev.herald.Envelope as their second parameter:"
          + " Herald passes the message first and the envelope (sender, destination, tags, sent"
          + " time and frame) second, nothing else. Take an Envelope, or drop the parameter.";

  public static final String SUSPEND_HANDLER =
      "a Kotlin suspend function cannot be a @Subscribe handler: Herald calls handlers as plain"
          + " methods, with no coroutine to suspend or resume them in (kapt shows it as a method"
          + " with a last kotlin.coroutines.Continuation parameter). Make it a plain function and"
          + " launch a coroutine from it, e.g. scope.launch { ... }.";

  public static final String JVM_OVERLOADS_HANDLER =
      "a Kotlin @JvmOverloads function cannot be a @Subscribe handler: Kotlin copies @Subscribe"
          + " onto every overload it writes, so each overload would be a handler and the message"
          + " would be delivered once per overload. Drop @JvmOverloads: Herald passes every"
          + " parameter of a handler, so its default values are never used.";

  public static final String PRIMITIVE_PARAMETER =
      "@Subscribe methods must not take a primitive parameter: messages are objects, routed by"
          + " their runtime class.";

  public static final String TYPE_VARIABLE_PARAMETER =
      "@Subscribe methods must not take a type variable as parameter: Herald routes by the"
          + " runtime class of the message, and the generated code cannot know what the type"
          + " variable stands for. Take a concrete type (its bound, or Object) instead.";

  public static final String PARAMETERIZED_PARAMETER =
      "@Subscribe methods must not take a type with type arguments such as List<String>:"
          + " Herald routes by the runtime class of the message, and after erasure it cannot"
          + " tell a List<String> from a List<Integer>. Take the type with wildcards (List<?>)"
          + " and check the elements in the handler.";

  public static final String CONCURRENT_AND_SERIALIZED =
      "@Subscribe(concurrent = true) and serialized = true contradict each other: concurrent"
          + " lets calls overlap, serialized forbids it. Keep the one the handler needs.";

  public static final String ASYNC_ON_LANE =
      "@Subscribe(async = true) and lane = \"...\" are two places to run: async runs on the"
          + " bus's executor, a lane on the executor given to the builder under that name. Keep"
          + " one.";

  public static final String BLANK_LANE =
      "@Subscribe(lane) names a lane given to MessageBus.builder().lane(name, executor), so it"
          + " cannot be blank. Name the lane, or leave lane out to run on the posting thread.";

  public static final String ASYNC_REPLY =
      "@Subscribe(async = true) and lane methods must return void: they run on an executor"
          + " after request() has returned, so a reply would be lost. Make it return void, or"
          + " drop async or lane to reply.";

  public static final String UNREACHABLE_LISTENER =
      "@Subscribe methods must be declared in a class that code in the same package can reach:"
          + " Herald calls them from a generated class next to the listener, which cannot see a"
          + " private class, a class nested in a private class, or a local or anonymous class."
          + " Make the class package-private or wider, declare the handler on an interface the"
          + " class implements (then any implementation registers, anonymous classes and lambdas"
          + " too), or register a lambda with bus.subscribe(Type.class, lambda).";

  public static final String INACCESSIBLE_PARAMETER =
      "@Subscribe methods must take a message type that the listener's package can access:"
          + " the generated dispatcher, in that package, names the type.";

  public static final String INHERITED_INACCESSIBLE =
      "@Subscribe methods inherited from a superclass that has no Herald dispatcher must be"
          + " callable from the subclass's package: Herald calls them from the subclass's"
          + " generated dispatcher.";

  public static final String UNRESOLVED_TYPE =
      "@Subscribe methods must refer to types that exist: Herald waited for this one through"
          + " every annotation processing round.";

  public static final String DISPATCHER_NAME_CLASH =
      "Herald names a listener's dispatcher after its nested class names joined by '_', and"
          + " two listener classes map to the same dispatcher here.";

  public static final String DISPATCHER_NAME_TAKEN =
      "Herald names a listener's dispatcher after its nested class names joined by '_' plus"
          + " _Dispatcher, and a class of this compilation already has that name.";

  public static final String INDEX_NAME_TAKEN =
      "Herald cannot write its dispatcher index: a class of this compilation already has the"
          + " name the index would take.";

  public static final String EMPTY_TAG =
      "@Subscribe tags must not be empty: a message is sent with named tags, and an empty name"
          + " matches none. Remove the empty string from tags.";

  public static final String LOCAL_CLASS_CHECK_SKIPPED =
      "Herald could not check for @Subscribe methods in local and anonymous classes: this"
          + " compiler's processing environment offers no syntax trees (Gradle and some IDEs"
          + " wrap it). Such methods are never called: register a lambda with"
          + " bus.subscribe(Type.class, lambda) instead.";

  public static final String STALE_DISPATCHER =
      "This class declares no @Subscribe method now, but the class output still holds the"
          + " dispatcher an earlier build generated for it, which calls the handlers it had."
          + " A build that recompiles only changed sources cannot remove it.";

  /** The name that {@code @SuppressWarnings} takes to silence {@link #FOREIGN_SUBSCRIBE}. */
  public static final String FOREIGN_SUBSCRIBE_KEY = "herald-foreign-subscribe";

  public static final String FOREIGN_SUBSCRIBE =
      "is another bus's annotation: Herald generates nothing for it, so no Herald bus ever calls"
          + " this method.";

  public static final String UNEXPECTED_ERROR = "Unexpected error in Herald's processor:";

  public static final String INVALID_INDEX_OPTION =
      "Option -Aherald.index must be a qualified class name such as com.acme.MyIndex.";

  // ---- @Wire types and their codecs ---------------------------------------------------

  public static final String SUPPORTED_FIELD_TYPES =
      "Supported: primitives and their boxes, String, byte[] and other primitive arrays, enums,"
          + " @Wire types, List, Set, Map and Optional of supported types, java.time.Instant,"
          + " java.time.Duration and java.util.UUID.";

  public static final String NOT_A_WIRE_KIND =
      "@Wire goes on a record, an enum, a final class or a sealed interface: Herald's codec must"
          + " know every field of every value it encodes.";

  public static final String NON_FINAL_CLASS =
      "@Wire classes must be final: a subclass could carry fields the codec does not know, and"
          + " its values would be decoded as the base class. Make the class final (or a record),"
          + " or turn the hierarchy into a sealed interface of @Wire types.";

  public static final String NON_SEALED_INTERFACE =
      "@Wire interfaces must be sealed: the codec writes which implementation a value is, so it"
          + " must know them all. Declare it sealed, with permits naming @Wire types.";

  public static final String GENERIC_TYPE =
      "@Wire types must not have type parameters: a receiver could not know what they stand for."
          + " Declare the fields with concrete types and drop the type parameters.";

  public static final String TYPE_VARIABLE_FIELD =
      "Fields of @Wire types must have concrete types, not a type variable: a receiver could not"
          + " know what to decode. Give the field a concrete type and drop the type parameter.";

  public static final String UNSUPPORTED_FIELD_TYPE =
      "This field's type cannot be encoded by Herald's generated codec.";

  public static final String NOT_A_WIRE_FIELD_TYPE =
      "This field's type is a class Herald has no codec for: annotate it @Wire, or change the"
          + " field to a supported type.";

  public static final String INVALID_ID =
      "Wire ids are positive: 1 to 127 take one byte on the wire, and ids below 16777216 never"
          + " collide with derived ones; 0, the default, derives the id from the type's name."
          + " Choose a positive id.";

  public static final String DUPLICATE_ID =
      "Two @Wire types have the same wire id, so a receiver could not tell their messages apart."
          + " Give one of them another id with @Wire(id = ...).";

  public static final String UNREACHABLE_TYPE =
      "@Wire types must be reachable from their package: the generated codec beside it creates"
          + " and reads its values directly, without reflection. Make it a top-level or static"
          + " member type that is not private, in classes that are not private.";

  public static final String NO_CANONICAL_CONSTRUCTOR =
      "@Wire classes need a constructor that takes every field, in declaration order, and is"
          + " not private: the codec decodes the fields and passes them to it.";

  public static final String PRIVATE_FIELD_WITHOUT_ACCESSOR =
      "The codec cannot read this private field of a @Wire class: add an accessor that is not"
          + " private (name(), getName(), or isName() for a boolean), or make the field"
          + " package-private.";

  public static final String SUBTYPE_NOT_WIRE =
      "Every permitted subtype of a @Wire sealed interface must be a @Wire type: the codec"
          + " encodes each value with its subtype's codec. Annotate the subtype @Wire.";

  public static final String WIRE_LIBRARY_MISSING =
      "@Wire types need herald-wire at compile time and at run time: the generated codecs"
          + " extend dev.herald.wire.WireCodec. Add the dependency dev.herald:herald-wire.";

  public static final String CODEC_NAME_TAKEN =
      "Herald cannot write this type's codec: a class with the codec's name already exists."
          + " Rename that class, or this type.";

  public static final String UNRESOLVED_FIELD_TYPE =
      "This field's type could not be resolved, so no codec was written; fix the error that"
          + " javac reports for it.";

  /** {@link #DISPATCHER_NAME_CLASH} naming the dispatcher and the class that has it. */
  public static String dispatcherNameClash(String dispatcher, String owner) {
    return DISPATCHER_NAME_CLASH
        + " "
        + dispatcher
        + " is already the dispatcher of "
        + owner
        + ". Rename one of the two classes.";
  }

  /** {@link #DISPATCHER_NAME_TAKEN} naming the dispatcher. */
  public static String dispatcherNameTaken(String dispatcher) {
    return DISPATCHER_NAME_TAKEN
        + " Rename the class "
        + dispatcher
        + ", which Herald needs for the dispatcher of this listener.";
  }

  /** {@link #STALE_DISPATCHER} naming the stale dispatcher. */
  public static String staleDispatcher(String dispatcher) {
    return STALE_DISPATCHER
        + " Delete "
        + dispatcher
        + " from the output, or build clean"
        + " (mvn clean verify, gradle clean build).";
  }

  /**
   * Dispatchers kept from an earlier compilation whose markers carry no map entry: an earlier
   * version of the processor wrote them, and wrote their listeners' entries in files of their own.
   * One warning for them all, named by the first.
   */
  public static String dispatchersWithoutMapEntry(String first, int count) {
    return (count == 1 ? first : first + " and " + (count - 1) + " other dispatchers")
        + (count == 1 ? " was" : " were")
        + " generated by an earlier version of Herald's processor, which kept the listeners'"
        + " entries of the message map elsewhere: META-INF/herald/map/listeners.map leaves"
        + (count == 1 ? " that listener" : " those listeners")
        + " out (still registered and called). Build clean once"
        + " (mvn clean verify, gradle clean build).";
  }

  /** {@link #INDEX_NAME_TAKEN} naming the index. */
  public static String indexNameTaken(String index) {
    return INDEX_NAME_TAKEN
        + " Rename the class "
        + index
        + ", or choose another name with"
        + " -A"
        + GeneratedNames.INDEX_OPTION
        + "=com.acme.MyIndex.";
  }

  /** {@link #PARAMETERIZED_PARAMETER} with the type as written and as it should be. */
  public static String parameterizedParameter(String declared, String wildcards) {
    return PARAMETERIZED_PARAMETER + " Here: take " + wildcards + " instead of " + declared + ".";
  }

  /** {@link #PRIMITIVE_PARAMETER} with the wrapper type to use. */
  public static String primitiveParameter(String wrapper) {
    return PRIMITIVE_PARAMETER + " Take the wrapper type " + wrapper + " instead.";
  }

  /** {@link #INACCESSIBLE_PARAMETER} naming the type and the package. */
  public static String inaccessibleParameter(String type, String listenerPackage) {
    return INACCESSIBLE_PARAMETER
        + " Make "
        + type
        + " public, or package-private in package "
        + packageLabel(listenerPackage)
        + ".";
  }

  /** {@link #INHERITED_INACCESSIBLE} naming the method, the listener and the superclass. */
  public static String inheritedInaccessible(
      String method, String superclass, String listener, String listenerPackage) {
    return INHERITED_INACCESSIBLE
        + " "
        + superclass
        + "."
        + method
        + " is inherited by "
        + listener
        + " but is not accessible from package "
        + packageLabel(listenerPackage)
        + ". Compile "
        + superclass
        + " with herald-processor, or make the method public.";
  }

  /**
   * A problem of a handler inherited from a superclass without dispatcher, reported on the
   * subclass.
   */
  public static String inherited(String method, String superclass, String problem) {
    return "Inherited handler " + superclass + "." + method + ": " + problem;
  }

  /** {@link #UNRESOLVED_TYPE} naming the missing type. */
  public static String unresolvedType(String type) {
    return UNRESOLVED_TYPE
        + " Check the spelling and imports of "
        + type
        + ", or the processor that should generate it.";
  }

  /** {@link #UNEXPECTED_ERROR} with what was being done and the stack trace. */
  public static String unexpectedError(String context, Throwable error) {
    StringWriter trace = new StringWriter();
    error.printStackTrace(new PrintWriter(trace));
    return UNEXPECTED_ERROR + " " + context + ". Please report it with this stack trace:\n" + trace;
  }

  /** {@link #FOREIGN_SUBSCRIBE} naming the annotation, its library and the fix. */
  public static String foreignSubscribe(String annotation, String library) {
    return "@"
        + annotation
        + " ("
        + library
        + ") "
        + FOREIGN_SUBSCRIBE
        + " Replace it by @dev.herald.annotation.Subscribe; if "
        + library
        + " still delivers to this method on purpose, add @SuppressWarnings(\""
        + FOREIGN_SUBSCRIBE_KEY
        + "\") to it.";
  }

  /** {@link #INVALID_INDEX_OPTION} quoting the value given. */
  public static String invalidIndexOption(String value) {
    return INVALID_INDEX_OPTION + " It was \"" + value + "\".";
  }

  /** {@link #UNSUPPORTED_FIELD_TYPE} naming the type, why, and what is supported. */
  public static String unsupportedFieldType(String type, String detail) {
    return UNSUPPORTED_FIELD_TYPE
        + " It is "
        + type
        + (detail.isEmpty() ? "" : ": " + detail)
        + ". "
        + SUPPORTED_FIELD_TYPES;
  }

  public static String notAWireFieldType(String field, String type) {
    return NOT_A_WIRE_FIELD_TYPE + " (" + field + " is " + type + ")";
  }

  public static String duplicateId(int id, String other) {
    return DUPLICATE_ID + " (id " + id + ", also " + other + ")";
  }

  public static String invalidId(int id) {
    return INVALID_ID + " (" + id + ")";
  }

  public static String noCanonicalConstructor(String signature) {
    return NO_CANONICAL_CONSTRUCTOR + " Declare " + signature + ".";
  }

  public static String subtypeNotWire(String subtype) {
    return SUBTYPE_NOT_WIRE + " (" + subtype + ")";
  }

  public static String codecNameTaken(String codec) {
    return CODEC_NAME_TAKEN + " (" + codec + ")";
  }

  private static String packageLabel(String packageName) {
    return packageName.isEmpty() ? "(unnamed)" : packageName;
  }

  private Diagnostics() {}
}
