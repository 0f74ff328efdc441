package dev.herald;

import dev.herald.internal.generated.HandlerCall;

/**
 * Where the runs of one {@link DirectCalls} report a call that threw ({@link HandlerCall#callAll}):
 * each failure is handled as a plain post handles that of a call it makes itself, so that a run
 * changes how the calls are made and nothing else.
 */
final class RunFailures implements HandlerCall.FailedCalls {
  private final PlainPosts posts;
  private final DirectCalls direct;

  RunFailures(PlainPosts posts, DirectCalls direct) {
    this.posts = posts;
    this.direct = direct;
  }

  @Override
  public int failed(Throwable failure, int index, Object message) {
    return posts.failedCall(failure, direct, index, message);
  }
}
