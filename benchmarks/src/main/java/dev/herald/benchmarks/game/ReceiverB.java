package dev.herald.benchmarks.game;

import com.badlogic.ashley.signals.Listener;
import com.badlogic.ashley.signals.Signal;
import com.badlogic.gdx.ai.msg.Telegram;
import com.badlogic.gdx.ai.msg.Telegraph;

/**
 * One of the three receiver classes of the game-stack scenarios (A, B and C are the same code in
 * three classes, so that a call site reaching receivers of all three is megamorphic). It is a
 * receiver for every bus at once: Herald and artemis-odb read their own {@code @Subscribe}, Ashley
 * calls {@link #receive}, gdx-ai {@link #handleMessage}; each does the same work as {@link #onHit}.
 */
public final class ReceiverB implements HitListener, Listener<Hit>, Telegraph {
  private long received;

  @Override
  @dev.herald.annotation.Subscribe
  @net.mostlyoriginal.api.event.common.Subscribe
  public void onHit(Hit hit) {
    received += hit.value;
  }

  @Override
  public void receive(Signal<Hit> signal, Hit hit) {
    received += hit.value;
  }

  @Override
  public boolean handleMessage(Telegram telegram) {
    received += ((Hit) telegram.extraInfo).value;
    return true;
  }

  @Override
  public long received() {
    return received;
  }
}
