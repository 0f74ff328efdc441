package bad;

import dev.herald.annotation.Subscribe;
import java.util.List;

class ParameterizedParameter {
  @Subscribe
  void on(List<String> names) {}
}
