package dev.herald.benchmarks.game;

/** What the hand-written loop calls, and how a check reads what a receiver got. */
public interface HitListener {
  void onHit(Hit hit);

  /** The sum of the {@link Hit#value}s this receiver has handled. */
  long received();
}
