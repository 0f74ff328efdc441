package bad;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;

/**
 * What kapt's stub shows for a Kotlin class whose one handler is {@code @JvmOverloads fun
 * on(message: String? = null, envelope: Envelope? = null)}: Kotlin writes three overloads, the
 * first without any parameter, and copies the annotations onto each.
 */
@kotlin.Metadata(mv = {2, 4, 0}, k = 1, d2 = {"Lbad/JvmOverloadsHandler;", "on"})
public final class JvmOverloadsHandler {
  @Subscribe
  @kotlin.jvm.JvmOverloads
  public final void on() {}

  @Subscribe
  @kotlin.jvm.JvmOverloads
  public final void on(java.lang.String message) {}

  @Subscribe
  @kotlin.jvm.JvmOverloads
  public final void on(java.lang.String message, Envelope envelope) {}
}
