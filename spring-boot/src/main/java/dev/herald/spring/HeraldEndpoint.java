package dev.herald.spring;

import dev.herald.Address;
import dev.herald.BusDescription;
import dev.herald.BusStatistics;
import dev.herald.MessageBus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The actuator endpoint {@code herald} ({@code /actuator/herald} once exposed): what the bus holds
 * ({@link MessageBus#describe()}: handlers per message type in delivery order, addresses, sticky
 * messages) and what it counted ({@link MessageBus#statistics()}), as JSON.
 *
 * <p>Sticky messages appear as their {@code toString()}: expose the endpoint over HTTP ({@code
 * management.endpoints.web.exposure.include=herald}) only where that text may be read.
 *
 * @since 0.1
 */
@Endpoint(id = "herald")
public class HeraldEndpoint {
  private final MessageBus bus;

  /**
   * Creates the endpoint of {@code bus}.
   *
   * @param bus the bus to describe
   */
  public HeraldEndpoint(MessageBus bus) {
    this.bus = bus;
  }

  /**
   * The bus's description and statistics.
   *
   * @return a JSON-ready tree of maps, lists, strings and numbers
   */
  @ReadOperation
  public Map<String, Object> herald() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("closed", bus.isClosed());
    body.put("description", describe(bus.describe()));
    body.put("statistics", statistics(bus.statistics()));
    return body;
  }

  private static Map<String, Object> describe(BusDescription description) {
    Map<String, Object> handlersByType = new LinkedHashMap<>();
    for (Map.Entry<Class<?>, List<BusDescription.Handler>> type :
        description.handlersByType().entrySet()) {
      List<Object> handlers = new ArrayList<>();
      for (BusDescription.Handler handler : type.getValue()) {
        handlers.add(handler(handler));
      }
      handlersByType.put(type.getKey().getName(), handlers);
    }
    List<Object> addresses = new ArrayList<>();
    for (BusDescription.AddressListing listing : description.addresses()) {
      Map<String, Object> address = new LinkedHashMap<>();
      address.put("address", String.valueOf(listing.address()));
      address.put("names", listing.names());
      address.put("registered", listing.registered());
      address.put("observers", listing.observers());
      addresses.add(address);
    }
    List<Object> sticky = new ArrayList<>();
    for (BusDescription.StickyMessage message : description.stickyMessages()) {
      Map<String, Object> kept = new LinkedHashMap<>();
      kept.put("type", message.type().getName());
      kept.put("address", text(message.address()));
      kept.put("message", message.text());
      sticky.add(kept);
    }
    Map<String, Object> described = new LinkedHashMap<>();
    described.put("registrations", description.registrations());
    described.put("handlers", handlersByType);
    described.put("addresses", addresses);
    described.put("stickyMessages", sticky);
    described.put("table", description.toString());
    return described;
  }

  private static Map<String, Object> handler(BusDescription.Handler handler) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("listener", handler.listenerClass());
    row.put("method", handler.declaringClass() + "." + handler.method());
    row.put("priority", handler.priority());
    row.put("address", text(handler.address()));
    row.put("weak", handler.isWeak());
    row.put("lane", handler.lane());
    row.put("async", handler.isAsync());
    row.put("serialized", handler.isSerialized());
    row.put("sticky", handler.isSticky());
    row.put("hidden", handler.isHidden());
    row.put("tags", List.copyOf(handler.tags()));
    return row;
  }

  private static Map<String, Object> statistics(BusStatistics statistics) {
    Map<String, Object> counts = new LinkedHashMap<>();
    counts.put("handlerFailures", statistics.handlerFailures());
    counts.put("deadMessages", statistics.deadMessages());
    counts.put("postChainsTooDeep", statistics.postChainsTooDeep());
    counts.put("stickyMessages", statistics.stickyMessages());
    counts.put("asyncQueueDepth", statistics.asyncQueueDepth());
    counts.put("laneQueueDepths", statistics.laneQueueDepths());
    counts.put("queuedForStages", statistics.queuedForStages());
    return counts;
  }

  private static String text(Address address) {
    return address == null ? null : address.toString();
  }
}
