package dev.herald.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.herald.processor.Compilations.herald;
import static dev.herald.processor.Compilations.source;
import static dev.herald.processor.Compilations.sources;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

class SubscribeProcessorTest {

  @Test
  void plainListener() {
    Compilation compilation =
        herald().compile(sources("good/plain/Radar.java", "good/plain/UnderAttack.java"));
    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation)
        .generatedSourceFile("demo.Radar_Dispatcher")
        .hasSourceEquivalentTo(source("expected/Radar_Dispatcher.java"));
  }
}
