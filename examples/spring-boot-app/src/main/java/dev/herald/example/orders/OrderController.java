package dev.herald.example.orders;

import dev.herald.MessageBus;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The HTTP face of the service: it only talks to the bus. */
@RestController
@RequestMapping("/orders")
public class OrderController {
  private final MessageBus bus;

  public OrderController(MessageBus bus) {
    this.bus = bus;
  }

  /** Takes an order: 202 Accepted, since it is fulfilled after this returns. */
  @PostMapping
  public ResponseEntity<OrderPlaced> place(@RequestBody NewOrder order) {
    OrderPlaced placed = new OrderPlaced(UUID.randomUUID(), order.item(), order.quantity());
    bus.post(placed);
    return ResponseEntity.accepted()
        .location(URI.create("/orders/" + placed.id() + "/status"))
        .body(placed);
  }

  /** The order's status, as the handler that knows it replies; 404 when none does. */
  @GetMapping("/{id}/status")
  public ResponseEntity<OrderStatus> status(@PathVariable UUID id) {
    List<OrderStatus> replies = bus.request(new StatusQuery(id), OrderStatus.class);
    return replies.isEmpty()
        ? ResponseEntity.notFound().build()
        : ResponseEntity.ok(replies.get(0));
  }
}
