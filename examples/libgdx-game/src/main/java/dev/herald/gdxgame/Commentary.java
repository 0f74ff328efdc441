package dev.herald.gdxgame;

/** The lines both sides write in their transcripts, worded in one place so that they can agree. */
final class Commentary {
  private Commentary() {}

  static String roundOpens(int round) {
    return "round " + round + " opens";
  }

  static String exchange(int round, Move red, Move blue, Corner winner) {
    return "round "
        + round
        + ": red "
        + red
        + ", blue "
        + blue
        + (winner == null ? ": draw" : ": " + winner + " wins the exchange");
  }

  static String matchOver(Corner winner) {
    return winner == null ? "match over: draw" : "match over: " + winner + " wins";
  }
}
