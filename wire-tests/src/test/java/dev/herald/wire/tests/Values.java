package dev.herald.wire.tests;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/** Values of the test types: all null, at the extremes, and random from a seed. */
final class Values {

  static Kinds allNull() {
    return new Kinds(
        false,
        (byte) 0,
        (short) 0,
        '\0',
        0,
        0L,
        0f,
        0d,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        Optional.empty(),
        Optional.empty(),
        null,
        null,
        null);
  }

  static Kinds allEmpty() {
    return new Kinds(
        false,
        (byte) 0,
        (short) 0,
        '\0',
        0,
        0L,
        0f,
        0d,
        false,
        (byte) 0,
        (short) 0,
        '\0',
        0,
        0L,
        0f,
        0d,
        "",
        new byte[0],
        new boolean[0],
        new short[0],
        new char[0],
        new int[0],
        new long[0],
        new float[0],
        new double[0],
        Team.RED,
        DayOfWeek.MONDAY,
        new Point(0, 0),
        Command.Quit.NOW,
        new Account("", 0, false),
        List.of(),
        Set.of(),
        Map.of(),
        List.of(),
        Map.of(),
        Optional.of(""),
        Optional.of(new Point(0, 0)),
        Instant.EPOCH,
        Duration.ZERO,
        new UUID(0, 0));
  }

  /** The largest or smallest value of every field; NaN with a payload, -0.0. */
  static Kinds extremes(boolean max) {
    return new Kinds(
        max,
        max ? Byte.MAX_VALUE : Byte.MIN_VALUE,
        max ? Short.MAX_VALUE : Short.MIN_VALUE,
        max ? Character.MAX_VALUE : Character.MIN_VALUE,
        max ? Integer.MAX_VALUE : Integer.MIN_VALUE,
        max ? Long.MAX_VALUE : Long.MIN_VALUE,
        max ? Float.MAX_VALUE : Float.intBitsToFloat(0x7fc0_1234),
        max ? Double.MAX_VALUE : -0.0d,
        max,
        max ? Byte.MAX_VALUE : Byte.MIN_VALUE,
        max ? Short.MAX_VALUE : Short.MIN_VALUE,
        max ? Character.MAX_VALUE : Character.MIN_VALUE,
        max ? Integer.MAX_VALUE : Integer.MIN_VALUE,
        max ? Long.MAX_VALUE : Long.MIN_VALUE,
        max ? Float.POSITIVE_INFINITY : Float.MIN_VALUE,
        max ? Double.longBitsToDouble(0x7ff8_0000_dead_beefL) : Double.NEGATIVE_INFINITY,
        max ? "\uD83D\uDE80 U+10FFFF \uDBFF\uDFFF, U+FFFF \uFFFF, é, 中" : "\0",
        new byte[] {max ? Byte.MAX_VALUE : Byte.MIN_VALUE},
        new boolean[] {max},
        new short[] {max ? Short.MAX_VALUE : Short.MIN_VALUE},
        new char[] {max ? Character.MAX_VALUE : Character.MIN_VALUE},
        new int[] {max ? Integer.MAX_VALUE : Integer.MIN_VALUE},
        new long[] {max ? Long.MAX_VALUE : Long.MIN_VALUE},
        new float[] {max ? Float.MAX_VALUE : -Float.MAX_VALUE},
        new double[] {max ? Double.MAX_VALUE : -Double.MAX_VALUE},
        max ? Team.GREEN : Team.RED,
        max ? DayOfWeek.SUNDAY : DayOfWeek.MONDAY,
        max
            ? new Point(Integer.MAX_VALUE, Integer.MAX_VALUE)
            : new Point(Integer.MIN_VALUE, Integer.MIN_VALUE),
        max ? Command.Quit.AFTER_THIS_ROUND : new Command.Say(null, null),
        new Account(max ? "max" : null, max ? Long.MAX_VALUE : Long.MIN_VALUE, max),
        List.of(max ? "max" : ""),
        Set.of(max ? Team.GREEN : Team.RED),
        Map.of("", List.of()),
        List.of(max ? Integer.MAX_VALUE : Integer.MIN_VALUE),
        Map.of(max ? Integer.MAX_VALUE : Integer.MIN_VALUE, Optional.empty()),
        Optional.of(max ? "max" : "min"),
        Optional.empty(),
        max ? Instant.MAX : Instant.MIN,
        max ? Duration.ofSeconds(Long.MAX_VALUE, 999_999_999) : Duration.ofSeconds(Long.MIN_VALUE),
        max ? new UUID(-1, -1) : new UUID(Long.MIN_VALUE, 1));
  }

  /** A value in which any reference may be null, any collection empty. */
  static Kinds random(Random random) {
    return new Kinds(
        random.nextBoolean(),
        (byte) random.nextInt(),
        (short) random.nextInt(),
        (char) random.nextInt(),
        integer(random),
        longInteger(random),
        Float.intBitsToFloat(random.nextInt()),
        Double.longBitsToDouble(random.nextLong()),
        orNull(random, random.nextBoolean()),
        orNull(random, (byte) random.nextInt()),
        orNull(random, (short) random.nextInt()),
        orNull(random, (char) random.nextInt()),
        orNull(random, integer(random)),
        orNull(random, longInteger(random)),
        orNull(random, random.nextFloat()),
        orNull(random, random.nextGaussian()),
        orNull(random, text(random)),
        orNull(random, bytes(random)),
        orNull(random, booleans(random)),
        orNull(random, shorts(random)),
        orNull(random, chars(random)),
        orNull(random, random.ints(random.nextInt(4)).toArray()),
        orNull(random, random.longs(random.nextInt(4)).toArray()),
        orNull(random, floats(random)),
        orNull(random, random.doubles(random.nextInt(4)).toArray()),
        orNull(random, pick(random, Team.values())),
        orNull(random, pick(random, DayOfWeek.values())),
        orNull(random, point(random)),
        orNull(random, command(random)),
        orNull(
            random,
            new Account(orNull(random, text(random)), longInteger(random), random.nextBoolean())),
        orNull(random, strings(random)),
        orNull(random, teams(random)),
        orNull(random, routes(random)),
        orNull(random, numbers(random)),
        orNull(random, notes(random)),
        Optional.ofNullable(orNull(random, text(random))),
        Optional.ofNullable(orNull(random, point(random))),
        orNull(
            random,
            Instant.ofEpochSecond(
                random.nextLong() % Instant.MAX.getEpochSecond(), random.nextInt(1_000_000_000))),
        orNull(random, Duration.ofSeconds(random.nextLong(), random.nextInt(1_000_000_000))),
        orNull(random, new UUID(random.nextLong(), random.nextLong())));
  }

  static Command command(Random random) {
    switch (random.nextInt(3)) {
      case 0:
        return new Command.Move(orNull(random, point(random)), random.nextBoolean());
      case 1:
        return new Command.Say(
            orNull(random, text(random)), orNull(random, pick(random, Team.values())));
      default:
        return pick(random, Command.Quit.values());
    }
  }

  static Point point(Random random) {
    return new Point(integer(random), integer(random));
  }

  /** Small numbers more often than large ones, as in real data: every varint length occurs. */
  private static int integer(Random random) {
    return random.nextInt() >> random.nextInt(32);
  }

  private static long longInteger(Random random) {
    return random.nextLong() >> random.nextInt(64);
  }

  /** ASCII, two-, three- and four-byte UTF-8, never a lone surrogate (written as '?'). */
  static String text(Random random) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(3) == 0 ? random.nextInt(200) : random.nextInt(12);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(4)) {
        case 0:
          text.appendCodePoint(0x10000 + random.nextInt(0x100000));
          break;
        case 1:
          text.append((char) (0x800 + random.nextInt(0xD800 - 0x800)));
          break;
        case 2:
          text.append((char) (0x80 + random.nextInt(0x780)));
          break;
        default:
          text.append((char) random.nextInt(0x80));
      }
    }
    return text.toString();
  }

  private static byte[] bytes(Random random) {
    byte[] bytes = new byte[random.nextInt(6)];
    random.nextBytes(bytes);
    return bytes;
  }

  private static boolean[] booleans(Random random) {
    boolean[] values = new boolean[random.nextInt(4)];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextBoolean();
    }
    return values;
  }

  private static short[] shorts(Random random) {
    short[] values = new short[random.nextInt(4)];
    for (int i = 0; i < values.length; i++) {
      values[i] = (short) random.nextInt();
    }
    return values;
  }

  private static char[] chars(Random random) {
    char[] values = new char[random.nextInt(4)];
    for (int i = 0; i < values.length; i++) {
      values[i] = (char) random.nextInt();
    }
    return values;
  }

  private static float[] floats(Random random) {
    float[] values = new float[random.nextInt(4)];
    for (int i = 0; i < values.length; i++) {
      values[i] = Float.intBitsToFloat(random.nextInt());
    }
    return values;
  }

  private static List<String> strings(Random random) {
    List<String> strings = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      strings.add(orNull(random, text(random)));
    }
    return strings;
  }

  private static Set<Team> teams(Random random) {
    Set<Team> teams = new LinkedHashSet<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      teams.add(pick(random, Team.values()));
    }
    return teams;
  }

  private static Map<String, List<Point>> routes(Random random) {
    Map<String, List<Point>> routes = new LinkedHashMap<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      List<Point> route = new ArrayList<>();
      for (int j = random.nextInt(3); j > 0; j--) {
        route.add(orNull(random, point(random)));
      }
      routes.put(orNull(random, text(random)), orNull(random, route));
    }
    return routes;
  }

  private static List<Integer> numbers(Random random) {
    List<Integer> numbers = new ArrayList<>();
    for (int i = random.nextInt(5); i > 0; i--) {
      numbers.add(orNull(random, integer(random)));
    }
    return numbers;
  }

  private static Map<Integer, Optional<String>> notes(Random random) {
    Map<Integer, Optional<String>> notes = new LinkedHashMap<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      notes.put(orNull(random, integer(random)), Optional.ofNullable(orNull(random, text(random))));
    }
    return notes;
  }

  private static <T> T pick(Random random, T[] values) {
    return values[random.nextInt(values.length)];
  }

  /** {@code value}, or null one time in eight. */
  private static <T> T orNull(Random random, T value) {
    return random.nextInt(8) == 0 ? null : value;
  }

  private Values() {}
}
