package dev.herald.benchmarks;

/** What the hand-written baselines call: one interface method per listener. */
public interface PingListener {
  void onPing(Ping ping);
}
