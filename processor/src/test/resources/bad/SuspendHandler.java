package bad;

import dev.herald.annotation.Subscribe;

/**
 * What kapt's stub shows for a Kotlin class whose one handler is {@code suspend fun on(message:
 * String)}.
 */
@kotlin.Metadata(mv = {2, 4, 0}, k = 1, d2 = {"Lbad/SuspendHandler;", "on"})
public final class SuspendHandler {
  @Subscribe
  public final java.lang.Object on(
      java.lang.String message, kotlin.coroutines.Continuation<? super kotlin.Unit> $completion) {
    return null;
  }
}
