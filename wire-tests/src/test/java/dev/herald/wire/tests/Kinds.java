package dev.herald.wire.tests;

import dev.herald.annotation.Wire;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Every supported kind of field; equality compares arrays by content. */
@Wire(id = 10)
public record Kinds(
    boolean aBoolean,
    byte aByte,
    short aShort,
    char aChar,
    int anInt,
    long aLong,
    float aFloat,
    double aDouble,
    Boolean boxedBoolean,
    Byte boxedByte,
    Short boxedShort,
    Character boxedChar,
    Integer boxedInt,
    Long boxedLong,
    Float boxedFloat,
    Double boxedDouble,
    String text,
    byte[] bytes,
    boolean[] booleans,
    short[] shorts,
    char[] chars,
    int[] ints,
    long[] longs,
    float[] floats,
    double[] doubles,
    Team team,
    DayOfWeek day,
    Point point,
    Command command,
    Account account,
    List<String> names,
    Set<Team> teams,
    Map<String, List<Point>> routes,
    List<Integer> numbers,
    Map<Integer, Optional<String>> notes,
    Optional<String> nickname,
    Optional<Point> home,
    Instant when,
    Duration howLong,
    UUID uuid) {

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof Kinds k)) {
      return false;
    }
    return aBoolean == k.aBoolean
        && aByte == k.aByte
        && aShort == k.aShort
        && aChar == k.aChar
        && anInt == k.anInt
        && aLong == k.aLong
        && Float.floatToRawIntBits(aFloat) == Float.floatToRawIntBits(k.aFloat)
        && Double.doubleToRawLongBits(aDouble) == Double.doubleToRawLongBits(k.aDouble)
        && Objects.equals(boxedBoolean, k.boxedBoolean)
        && Objects.equals(boxedByte, k.boxedByte)
        && Objects.equals(boxedShort, k.boxedShort)
        && Objects.equals(boxedChar, k.boxedChar)
        && Objects.equals(boxedInt, k.boxedInt)
        && Objects.equals(boxedLong, k.boxedLong)
        && Objects.equals(boxedFloat, k.boxedFloat)
        && Objects.equals(boxedDouble, k.boxedDouble)
        && Objects.equals(text, k.text)
        && Arrays.equals(bytes, k.bytes)
        && Arrays.equals(booleans, k.booleans)
        && Arrays.equals(shorts, k.shorts)
        && Arrays.equals(chars, k.chars)
        && Arrays.equals(ints, k.ints)
        && Arrays.equals(longs, k.longs)
        && Arrays.equals(floats, k.floats)
        && Arrays.equals(doubles, k.doubles)
        && team == k.team
        && day == k.day
        && Objects.equals(point, k.point)
        && Objects.equals(command, k.command)
        && Objects.equals(account, k.account)
        && Objects.equals(names, k.names)
        && Objects.equals(teams, k.teams)
        && Objects.equals(routes, k.routes)
        && Objects.equals(numbers, k.numbers)
        && Objects.equals(notes, k.notes)
        && Objects.equals(nickname, k.nickname)
        && Objects.equals(home, k.home)
        && Objects.equals(when, k.when)
        && Objects.equals(howLong, k.howLong)
        && Objects.equals(uuid, k.uuid);
  }

  @Override
  public int hashCode() {
    return Objects.hash(anInt, aLong, text, team, point);
  }

  @Override
  public String toString() {
    return "Kinds["
        + aBoolean
        + ", "
        + aByte
        + ", "
        + aShort
        + ", "
        + (int) aChar
        + ", "
        + anInt
        + ", "
        + aLong
        + ", "
        + aFloat
        + ", "
        + aDouble
        + ", "
        + boxedBoolean
        + ", "
        + boxedByte
        + ", "
        + boxedShort
        + ", "
        + boxedChar
        + ", "
        + boxedInt
        + ", "
        + boxedLong
        + ", "
        + boxedFloat
        + ", "
        + boxedDouble
        + ", "
        + text
        + ", "
        + Arrays.toString(bytes)
        + ", "
        + Arrays.toString(booleans)
        + ", "
        + Arrays.toString(shorts)
        + ", "
        + Arrays.toString(chars)
        + ", "
        + Arrays.toString(ints)
        + ", "
        + Arrays.toString(longs)
        + ", "
        + Arrays.toString(floats)
        + ", "
        + Arrays.toString(doubles)
        + ", "
        + team
        + ", "
        + day
        + ", "
        + point
        + ", "
        + command
        + ", "
        + account
        + ", "
        + names
        + ", "
        + teams
        + ", "
        + routes
        + ", "
        + numbers
        + ", "
        + notes
        + ", "
        + nickname
        + ", "
        + home
        + ", "
        + when
        + ", "
        + howLong
        + ", "
        + uuid
        + "]";
  }
}
