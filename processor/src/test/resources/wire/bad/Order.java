package bad;

import dev.herald.annotation.Wire;

@Wire
public record Order(int number,
    Customer customer) {
  public record Customer(String name) {}
}
