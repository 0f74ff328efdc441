package dev.herald;

/** Message types for the tests: a small hierarchy with an interface in the middle. */
final class TestMessages {
  private TestMessages() {}

  interface Alert {}

  static class Event {
    final String name;

    Event(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static class Attack extends Event implements Alert {
    Attack(String name) {
      super(name);
    }
  }

  static final class NavalAttack extends Attack {
    NavalAttack(String name) {
      super(name);
    }
  }

  static final class Ping {
    final int number;

    Ping(int number) {
      this.number = number;
    }
  }
}
