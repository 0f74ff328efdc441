package bad;

import dev.herald.annotation.Wire;
import java.util.List;
import java.util.Optional;

/** Unsupported shapes of otherwise supported types, one field each. */
public final class Variants {
  @Wire public record RawList(@SuppressWarnings("rawtypes") List raw) {}

  @Wire public record Wildcard(List<? extends Number> numbers) {}

  @Wire public record Nested(Optional<Optional<String>> maybe) {}

  @Wire public record Strings(String[] names) {}

  @Wire public record AnObject(Object anything) {}

  private Variants() {}
}
