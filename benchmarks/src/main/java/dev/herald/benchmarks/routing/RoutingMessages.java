package dev.herald.benchmarks.routing;

/**
 * The 50 message types of the type-routing scenario: 49 classes directly below {@code Object}
 * ({@code Flat00} is the depth-0 leaf that is posted) and {@link Depth3}, three classes below
 * {@link Depth0}, which implements the interface {@link Routed}. Only these 50 types have handlers,
 * one each, so a post of either leaf runs exactly one handler and the difference between the two
 * measures routing, not handler calls. Handlers add to {@code hits}.
 */
public final class RoutingMessages {
  private RoutingMessages() {}

  public interface Routed {}

  public static class Depth0 implements Routed {
    public long hits;
  }

  public static class Depth1 extends Depth0 {}

  public static class Depth2 extends Depth1 {}

  public static final class Depth3 extends Depth2 {}

  public static final class Flat00 {
    public long hits;
  }

  public static final class Flat01 {
    public long hits;
  }

  public static final class Flat02 {
    public long hits;
  }

  public static final class Flat03 {
    public long hits;
  }

  public static final class Flat04 {
    public long hits;
  }

  public static final class Flat05 {
    public long hits;
  }

  public static final class Flat06 {
    public long hits;
  }

  public static final class Flat07 {
    public long hits;
  }

  public static final class Flat08 {
    public long hits;
  }

  public static final class Flat09 {
    public long hits;
  }

  public static final class Flat10 {
    public long hits;
  }

  public static final class Flat11 {
    public long hits;
  }

  public static final class Flat12 {
    public long hits;
  }

  public static final class Flat13 {
    public long hits;
  }

  public static final class Flat14 {
    public long hits;
  }

  public static final class Flat15 {
    public long hits;
  }

  public static final class Flat16 {
    public long hits;
  }

  public static final class Flat17 {
    public long hits;
  }

  public static final class Flat18 {
    public long hits;
  }

  public static final class Flat19 {
    public long hits;
  }

  public static final class Flat20 {
    public long hits;
  }

  public static final class Flat21 {
    public long hits;
  }

  public static final class Flat22 {
    public long hits;
  }

  public static final class Flat23 {
    public long hits;
  }

  public static final class Flat24 {
    public long hits;
  }

  public static final class Flat25 {
    public long hits;
  }

  public static final class Flat26 {
    public long hits;
  }

  public static final class Flat27 {
    public long hits;
  }

  public static final class Flat28 {
    public long hits;
  }

  public static final class Flat29 {
    public long hits;
  }

  public static final class Flat30 {
    public long hits;
  }

  public static final class Flat31 {
    public long hits;
  }

  public static final class Flat32 {
    public long hits;
  }

  public static final class Flat33 {
    public long hits;
  }

  public static final class Flat34 {
    public long hits;
  }

  public static final class Flat35 {
    public long hits;
  }

  public static final class Flat36 {
    public long hits;
  }

  public static final class Flat37 {
    public long hits;
  }

  public static final class Flat38 {
    public long hits;
  }

  public static final class Flat39 {
    public long hits;
  }

  public static final class Flat40 {
    public long hits;
  }

  public static final class Flat41 {
    public long hits;
  }

  public static final class Flat42 {
    public long hits;
  }

  public static final class Flat43 {
    public long hits;
  }

  public static final class Flat44 {
    public long hits;
  }

  public static final class Flat45 {
    public long hits;
  }

  public static final class Flat46 {
    public long hits;
  }

  public static final class Flat47 {
    public long hits;
  }

  public static final class Flat48 {
    public long hits;
  }
}
