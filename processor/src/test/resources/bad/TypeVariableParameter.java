package bad;

import dev.herald.annotation.Subscribe;

class TypeVariableParameter<T> {
  @Subscribe
  void on(T message) {}
}
