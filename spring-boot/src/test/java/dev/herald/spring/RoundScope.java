package dev.herald.spring;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectFactory;
import org.springframework.beans.factory.config.Scope;

/** A scope that lasts one round of a game, ended by the test; it runs destruction callbacks. */
final class RoundScope implements Scope {
  private final Map<String, Object> beans = new HashMap<>();
  private final List<Runnable> callbacks = new ArrayList<>();

  @Override
  public synchronized Object get(String name, ObjectFactory<?> factory) {
    Object bean = beans.get(name);
    if (bean == null) {
      bean = factory.getObject();
      beans.put(name, bean);
    }
    return bean;
  }

  @Override
  public synchronized Object remove(String name) {
    return beans.remove(name);
  }

  @Override
  public synchronized void registerDestructionCallback(String name, Runnable callback) {
    callbacks.add(callback);
  }

  @Override
  public Object resolveContextualObject(String key) {
    return null;
  }

  @Override
  public String getConversationId() {
    return "round";
  }

  /** Ends the round: its beans are destroyed and forgotten. */
  synchronized void end() {
    for (Runnable callback : callbacks) {
      callback.run();
    }
    callbacks.clear();
    beans.clear();
  }
}
