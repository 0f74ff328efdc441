package cache;

import dev.herald.annotation.Subscribe;
import java.util.List;
import java.util.Map;

public class Cache<K> {
  @Subscribe(priority = -1)
  void onEvict(Evict evict) throws Throwable {}

  @Subscribe
  void onBatch(List<?> batch) {}

  @Subscribe
  void onSnapshot(Map<?, ?>[] snapshots) throws Exception {}
}
