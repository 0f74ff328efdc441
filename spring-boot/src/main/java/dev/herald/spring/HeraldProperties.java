package dev.herald.spring;

import dev.herald.NestedPosts;
import dev.herald.QueuedMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code herald.*} properties: how the auto-configured {@link dev.herald.MessageBus} is built,
 * how it closes with the context, and where its NATS bridge connects.
 *
 * <pre>
 * herald.lanes.ui=applicationTaskExecutor      # lane "ui" runs on that Executor bean
 * herald.executor=applicationTaskExecutor      # async = true handlers run there
 * herald.sticky.capacity=1000
 * herald.sticky.expiry=5m
 * herald.nested-posts=breadth-first
 * herald.serialized-handlers=false
 * herald.ignore-foreign-subscribe=false
 * herald.shutdown.timeout=10s
 * herald.shutdown.queued=deliver
 * herald.nats.url=nats://127.0.0.1:4222
 * herald.nats.export=com.example.Goal
 * herald.nats.import=com.example.Goal
 * </pre>
 *
 * @since 0.1
 */
@ConfigurationProperties("herald")
public class HeraldProperties {
  private final Map<String, String> lanes = new LinkedHashMap<>();
  private String executor;
  private final Sticky sticky = new Sticky();
  private NestedPosts nestedPosts = NestedPosts.DEPTH_FIRST;
  private boolean serializedHandlers;
  private boolean ignoreForeignSubscribe;
  private final Shutdown shutdown = new Shutdown();
  private final Nats nats = new Nats();

  /**
   * The bus's lanes: each name maps to the name of an {@link java.util.concurrent.Executor} bean of
   * the context, on which the handlers of {@code @Subscribe(lane = name)} run.
   *
   * @return the lanes by name, to be filled by binding
   */
  public Map<String, String> getLanes() {
    return lanes;
  }

  /**
   * The name of the {@link java.util.concurrent.Executor} bean on which {@code async = true}
   * handlers run; when unset, the bus's own default.
   *
   * @return the bean name, or null
   */
  public String getExecutor() {
    return executor;
  }

  /**
   * Sets the name of the executor bean for asynchronous handlers.
   *
   * @param executor a bean name
   */
  public void setExecutor(String executor) {
    this.executor = executor;
  }

  /**
   * How many sticky messages the bus keeps, and for how long.
   *
   * @return the sticky settings
   */
  public Sticky getSticky() {
    return sticky;
  }

  /**
   * The order of posts made by handlers: at once, depth first (Herald's default), or queued breadth
   * first (Guava's and greenrobot's).
   *
   * @return the order
   */
  public NestedPosts getNestedPosts() {
    return nestedPosts;
  }

  /**
   * Sets the order of nested posts.
   *
   * @param nestedPosts the order
   */
  public void setNestedPosts(NestedPosts nestedPosts) {
    this.nestedPosts = nestedPosts;
  }

  /**
   * Whether every handler on the posting thread is serialized unless marked concurrent (Guava's
   * rule).
   *
   * @return true for Guava's rule
   */
  public boolean isSerializedHandlers() {
    return serializedHandlers;
  }

  /**
   * Sets whether handlers are serialized by default.
   *
   * @param serializedHandlers true for Guava's rule
   */
  public void setSerializedHandlers(boolean serializedHandlers) {
    this.serializedHandlers = serializedHandlers;
  }

  /**
   * Whether a bean whose class carries only another bus's subscribing annotation (Guava's,
   * greenrobot's, …) is skipped instead of failing the start: for an application that keeps some
   * beans on that bus on purpose while it moves to Herald.
   *
   * @return true to skip such beans
   */
  public boolean isIgnoreForeignSubscribe() {
    return ignoreForeignSubscribe;
  }

  /**
   * Sets whether beans marked only for another bus are skipped.
   *
   * @param ignoreForeignSubscribe true to skip them
   */
  public void setIgnoreForeignSubscribe(boolean ignoreForeignSubscribe) {
    this.ignoreForeignSubscribe = ignoreForeignSubscribe;
  }

  /**
   * How the bus closes with the context.
   *
   * @return the shutdown settings
   */
  public Shutdown getShutdown() {
    return shutdown;
  }

  /**
   * The NATS bridge, built when {@code herald.nats.url} is set and herald-nats is on the class
   * path.
   *
   * @return the bridge settings
   */
  public Nats getNats() {
    return nats;
  }

  /** {@code herald.sticky.*}. */
  public static class Sticky {
    private Integer capacity;
    private Duration expiry;

    /** Creates the default settings: the bus's own. */
    public Sticky() {}

    /**
     * How many sticky messages the bus keeps; null for the bus's default.
     *
     * @return the capacity, or null
     */
    public Integer getCapacity() {
      return capacity;
    }

    /**
     * Sets how many sticky messages the bus keeps.
     *
     * @param capacity a positive count
     */
    public void setCapacity(Integer capacity) {
      this.capacity = capacity;
    }

    /**
     * How long a sticky message is kept; null to keep it until replaced or evicted.
     *
     * @return the expiry, or null
     */
    public Duration getExpiry() {
      return expiry;
    }

    /**
     * Sets how long a sticky message is kept.
     *
     * @param expiry a positive duration
     */
    public void setExpiry(Duration expiry) {
      this.expiry = expiry;
    }
  }

  /** {@code herald.shutdown.*}. */
  public static class Shutdown {
    private Duration timeout = Duration.ofSeconds(10);
    private QueuedMessages queued = QueuedMessages.DELIVER;

    /** Creates the default settings: deliver what is queued, wait up to 10 seconds. */
    public Shutdown() {}

    /**
     * How long the closing context waits for asynchronous and lane handler calls to finish.
     *
     * @return the timeout
     */
    public Duration getTimeout() {
      return timeout;
    }

    /**
     * Sets how long the closing context waits for handler calls to finish.
     *
     * @param timeout the timeout
     * @throws IllegalArgumentException if it is negative or empty: the bus would refuse it only
     *     when the context closes, and stay open
     */
    public void setTimeout(Duration timeout) {
      if (timeout == null || timeout.isNegative()) {
        throw new IllegalArgumentException(
            "herald.shutdown.timeout must not be negative or empty, but was " + timeout);
      }
      this.timeout = timeout;
    }

    /**
     * What happens to messages queued for a stage when the context closes.
     *
     * @return deliver or discard
     */
    public QueuedMessages getQueued() {
      return queued;
    }

    /**
     * Sets what happens to queued messages.
     *
     * @param queued deliver or discard
     */
    public void setQueued(QueuedMessages queued) {
      this.queued = queued;
    }
  }

  /** {@code herald.nats.*}. */
  public static class Nats {
    private String url;
    private String origin;
    private String subjectPrefix;
    private final List<Class<?>> exportTypes = new ArrayList<>();
    private final List<Class<?>> importTypes = new ArrayList<>();

    /** Creates empty settings: no bridge. */
    public Nats() {}

    /**
     * The server the bridge connects to, {@code nats://host:4222}; no bridge when unset.
     *
     * @return the URL, or null
     */
    public String getUrl() {
      return url;
    }

    /**
     * Sets the server's URL.
     *
     * @param url {@code nats://host:port}
     */
    public void setUrl(String url) {
      this.url = url;
    }

    /**
     * This process's name on NATS; made up at random when unset.
     *
     * @return the origin, or null
     */
    public String getOrigin() {
      return origin;
    }

    /**
     * Sets this process's name on NATS.
     *
     * @param origin a subject token
     */
    public void setOrigin(String origin) {
      this.origin = origin;
    }

    /**
     * The first token of the bridge's subjects; the bridge's default when unset.
     *
     * @return the prefix, or null
     */
    public String getSubjectPrefix() {
      return subjectPrefix;
    }

    /**
     * Sets the first token of the bridge's subjects.
     *
     * @param subjectPrefix a subject token
     */
    public void setSubjectPrefix(String subjectPrefix) {
      this.subjectPrefix = subjectPrefix;
    }

    /**
     * The wire types whose messages posted here are published ({@code herald.nats.export}).
     *
     * @return the exported types, to be filled by binding
     */
    public List<Class<?>> getExport() {
      return exportTypes;
    }

    /**
     * The wire types that other processes export and this bus receives ({@code
     * herald.nats.import}).
     *
     * @return the imported types, to be filled by binding
     */
    public List<Class<?>> getImport() {
      return importTypes;
    }
  }
}
