package bad;

import dev.herald.Envelope;
import dev.herald.annotation.Subscribe;

/**
 * What kapt's stub shows for an asynchronous handler declared {@code suspend fun on(message:
 * String, envelope: Envelope): Int}: one mistake, being suspend, though it returns Object.
 */
@kotlin.Metadata(mv = {2, 4, 0}, k = 1, d2 = {"Lbad/SuspendAsyncReply;", "on"})
public final class SuspendAsyncReply {
  @Subscribe(async = true)
  public final java.lang.Object on(
      java.lang.String message,
      Envelope envelope,
      kotlin.coroutines.Continuation<? super java.lang.Integer> $completion) {
    return null;
  }
}
