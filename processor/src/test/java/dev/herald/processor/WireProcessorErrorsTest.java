package dev.herald.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.WireCompilations.wire;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One test per diagnostic: the error states the rule and the fix, sits on the offending line (the
 * field, or the {@code @Wire} annotation of the type), and one mistake gives one error.
 */
class WireProcessorErrorsTest {

  @Test
  void unsupportedFieldTypeNamesTheTypeAndWhatIsSupported() {
    Compilation compilation =
        assertOneError("Appointment", Diagnostics.UNSUPPORTED_FIELD_TYPE, "Date when");
    assertThat(compilation)
        .hadErrorContaining("It is java.util.Date. " + Diagnostics.SUPPORTED_FIELD_TYPES);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "List raw | a raw type; give its type arguments",
        "List<? extends Number> numbers | wildcards are not, name the element type",
        "Optional<Optional<String>> maybe | an Optional of an Optional is not",
        "String[] names | arrays of references are not, use a List",
        "Object anything | It is java.lang.Object.",
      })
  void unsupportedShapesOfSupportedTypes(String line, String detail) {
    JavaFileObject file = JavaFileObjects.forResource("wire/bad/Variants.java");
    Compilation compilation = wire().compile(file);

    assertThat(compilation).hadErrorContaining(detail).inFile(file).onLineContaining(line);
    assertThat(compilation).hadErrorCount(5);
  }

  @Test
  void aWireTypeThatUsesAnInvalidOneGetsNoSecondErrorInGeneratedCode() {
    assertOneError("Invoice", Diagnostics.UNSUPPORTED_FIELD_TYPE, "Date when");
  }

  @Test
  void fieldOfAClassThatIsNotAWireType() {
    Compilation compilation =
        assertOneError("Order", Diagnostics.NOT_A_WIRE_FIELD_TYPE, "Customer customer");
    assertThat(compilation).hadErrorContaining("(customer is bad.Order.Customer)");
  }

  @Test
  void duplicateIdIsAnErrorOnBothTypes() {
    JavaFileObject file = JavaFileObjects.forResource("wire/bad/Twins.java");
    Compilation compilation = wire().compile(file);

    assertThat(compilation)
        .hadErrorContaining(Diagnostics.duplicateId(5, "bad.Twins.Pollux"))
        .inFile(file)
        .onLineContaining("record Castor");
    assertThat(compilation)
        .hadErrorContaining(Diagnostics.duplicateId(5, "bad.Twins.Castor"))
        .inFile(file)
        .onLineContaining("record Pollux");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void genericRecordWithATypeVariableField() {
    assertOneError("Box", Diagnostics.TYPE_VARIABLE_FIELD, "T content");
  }

  @Test
  void genericTypeWhoseFieldsAreConcrete() {
    assertOneError("Tagged", Diagnostics.GENERIC_TYPE, "@Wire");
  }

  @Test
  void nonFinalClass() {
    assertOneError("Mutable", Diagnostics.NON_FINAL_CLASS, "@Wire");
  }

  @Test
  void interfaceThatIsNotSealed() {
    assertOneError("Event", Diagnostics.NON_SEALED_INTERFACE, "@Wire");
  }

  @Test
  void annotationType() {
    assertOneError("Marker", Diagnostics.NOT_A_WIRE_KIND, "@Wire");
  }

  @Test
  void negativeId() {
    Compilation compilation = assertOneError("Negative", Diagnostics.INVALID_ID, "@Wire(id = -3)");
    assertThat(compilation).hadErrorContaining("(-3)");
  }

  @Test
  void privateType() {
    assertOneError("Hidden", Diagnostics.UNREACHABLE_TYPE, "@Wire");
  }

  @Test
  void innerClassThatNeedsAnOuterInstance() {
    assertOneError("Engine", Diagnostics.UNREACHABLE_TYPE, "@Wire");
  }

  @Test
  void finalClassWithoutAConstructorThatTakesTheFieldsInOrder() {
    Compilation compilation =
        assertOneError("Swapped", Diagnostics.NO_CANONICAL_CONSTRUCTOR, "@Wire");
    assertThat(compilation)
        .hadErrorContaining("Declare Swapped(int count, java.lang.String name).");
  }

  @Test
  void privateFieldWithoutAnAccessor() {
    assertOneError("Vault", Diagnostics.PRIVATE_FIELD_WITHOUT_ACCESSOR, "private final long gold");
  }

  @Test
  void sealedInterfaceWithASubtypeThatIsNotAWireType() {
    Compilation compilation =
        assertOneError("Sealed", Diagnostics.SUBTYPE_NOT_WIRE, "sealed interface Command");
    assertThat(compilation).hadErrorContaining("(bad.Sealed.Stop)");
  }

  @Test
  void classWithTheCodecsNameAlreadyExists() {
    JavaFileObject file = JavaFileObjects.forResource("wire/bad/Taken.java");
    Compilation compilation =
        wire().compile(file, JavaFileObjects.forResource("wire/bad/Taken_Codec.java"));

    assertThat(compilation)
        .hadErrorContaining(Diagnostics.codecNameTaken("bad.Taken_Codec"))
        .inFile(file)
        .onLineContaining("@Wire");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void fieldTypeThatDoesNotExistIsReportedOnceJavacHasSaidWhy() {
    JavaFileObject file = JavaFileObjects.forResource("wire/bad/Unresolved.java");
    Compilation compilation = wire().compile(file);

    assertThat(compilation)
        .hadErrorContaining("cannot find symbol")
        .inFile(file)
        .onLineContaining("DoesNotExist missing");
    assertThat(compilation)
        .hadErrorContaining(Diagnostics.UNRESOLVED_FIELD_TYPE)
        .inFile(file)
        .onLineContaining("DoesNotExist missing");
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void withoutHeraldWireOnTheClassPath() {
    List<File> classPath = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      if (!entry.contains("herald-wire") && !entry.replace('\\', '/').contains("/wire/target/")) {
        classPath.add(new File(entry));
      }
    }
    JavaFileObject file = JavaFileObjects.forResource("wire/good/shapes/Position.java");
    Compilation compilation = wire().withClasspath(classPath).compile(file);

    assertThat(compilation)
        .hadErrorContaining(Diagnostics.WIRE_LIBRARY_MISSING)
        .inFile(file)
        .onLineContaining("@Wire");
    assertThat(compilation).hadErrorCount(1);
  }

  private static Compilation assertOneError(String name, String message, String line) {
    JavaFileObject file = JavaFileObjects.forResource("wire/bad/" + name + ".java");
    Compilation compilation = wire().compile(file);

    assertThat(compilation).hadErrorContaining(message).inFile(file).onLineContaining(line);
    assertThat(compilation).hadErrorCount(1);
    return compilation;
  }
}
