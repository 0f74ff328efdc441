package dev.herald.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.herald;
import static dev.herald.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * A method left with another bus's {@code @Subscribe} after a port compiles and is never called by
 * Herald: the processor warns on it and names Herald's annotation as the fix.
 */
class ForeignSubscribeTest {

  @Test
  void aLeftoverGuavaSubscribeIsAWarningOnItsLineThatNamesHeraldsAnnotation() {
    JavaFileObject file = source("foreign/GuavaLeftover.java");
    Compilation compilation = herald().compile(file);

    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining(Diagnostics.FOREIGN_SUBSCRIBE)
        .inFile(file)
        .onLineContaining("@com.google.common.eventbus.Subscribe");
    assertThat(compilation).hadWarningContaining("Replace it by @dev.herald.annotation.Subscribe");
    assertThat(compilation).hadWarningContaining("Guava's EventBus");
    assertThat(compilation).hadWarningCount(1);
    // the Herald handler beside it still gets its dispatcher
    assertThat(compilation).generatedSourceFile("foreign.GuavaLeftover_Dispatcher");
  }

  @Test
  void aLeftoverGreenrobotSubscribeIsAWarningToo() {
    JavaFileObject file = source("foreign/GreenrobotLeftover.java");
    Compilation compilation = herald().compile(file, source("foreign/greenrobot/Subscribe.java"));

    assertThat(compilation)
        .hadWarningContaining(Diagnostics.FOREIGN_SUBSCRIBE)
        .inFile(file)
        .onLineContaining("@org.greenrobot.eventbus.Subscribe");
    assertThat(compilation).hadWarningContaining("greenrobot EventBus");
  }

  @Test
  void aLeftoverArtemisSubscribeIsAWarningToo() {
    JavaFileObject file = source("foreign/ArtemisLeftover.java");
    Compilation compilation = herald().compile(file, source("foreign/artemis/Subscribe.java"));

    assertThat(compilation)
        .hadWarningContaining(Diagnostics.FOREIGN_SUBSCRIBE)
        .inFile(file)
        .onLineContaining("@net.mostlyoriginal.api.event.common.Subscribe");
    assertThat(compilation).hadWarningContaining("artemis-odb's event system");
  }

  @Test
  void aLeftoverMBassadorHandlerIsAWarningToo() {
    JavaFileObject file = source("foreign/MBassadorLeftover.java");
    Compilation compilation = herald().compile(file, source("foreign/mbassador/Handler.java"));

    assertThat(compilation)
        .hadWarningContaining(Diagnostics.FOREIGN_SUBSCRIBE)
        .inFile(file)
        .onLineContaining("@net.engio.mbassy.listener.Handler");
    assertThat(compilation).hadWarningContaining("MBassador");
  }

  @Test
  void underWerrorTheLeftoverFailsTheBuild() {
    Compilation compilation = herald("-Werror").compile(source("foreign/GuavaLeftover.java"));

    assertThat(compilation).failed();
    assertThat(compilation).hadWarningContaining(Diagnostics.FOREIGN_SUBSCRIBE);
  }

  @Test
  void aClassThatStillUsesTheOtherBusOnPurposeSuppressesIt() {
    Compilation compilation = herald("-Werror").compile(source("foreign/StillOnGuava.java"));

    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningCount(0);
  }
}
