package bad;

import dev.herald.annotation.Wire;
import java.util.Date;
import java.util.List;

@Wire
public record Invoice(int number, Line first, List<Line> rest) {
  @Wire
  public record Line(String item, Date when) {}
}
