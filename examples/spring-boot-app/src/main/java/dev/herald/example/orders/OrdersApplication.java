package dev.herald.example.orders;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A shop's order service: orders arrive over HTTP ({@link OrderController}), go on Herald's bus as
 * {@link OrderPlaced}, are fulfilled on the {@code fulfilment} lane ({@link Fulfilment}), and their
 * status is asked of the {@link OrderBook} by request and reply. herald-spring-boot makes the bus
 * from {@code application.properties} and registers every bean that has handlers.
 */
@SpringBootApplication
public class OrdersApplication {
  public static void main(String[] args) {
    SpringApplication.run(OrdersApplication.class, args);
  }
}
