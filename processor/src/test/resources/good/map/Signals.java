package map;

/** Message types with a hierarchy of classes and interfaces, and some outside it. */
final class Signals {
  interface Signal {}

  interface Urgent extends Signal {}

  abstract static class Notice implements Signal {}

  static final class Alert extends Notice implements Urgent, Comparable<Alert> {
    @Override
    public int compareTo(Alert other) {
      return 0;
    }
  }

  static final class Beep implements Signal {}

  record Query(String what) {}

  record Status(int code) {}

  enum Level implements Signal {
    LOW,
    HIGH
  }

  private Signals() {}
}
