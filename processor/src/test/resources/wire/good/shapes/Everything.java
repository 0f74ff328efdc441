package shapes;

import dev.herald.annotation.Wire;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Every supported kind of field. */
@Wire(id = 20)
public record Everything(
    boolean aBoolean, byte aByte, short aShort, char aChar, int anInt, long aLong, float aFloat,
    double aDouble,
    Boolean boxedBoolean, Byte boxedByte, Short boxedShort, Character boxedChar, Integer boxedInt,
    Long boxedLong, Float boxedFloat, Double boxedDouble,
    String text, byte[] bytes, boolean[] booleans, short[] shorts, char[] chars, int[] ints,
    long[] longs, float[] floats, double[] doubles,
    Color color, DayOfWeek day, Position position, Shape shape, Money money,
    List<String> names, Set<Color> colors, Map<String, List<Position>> routes,
    List<Integer> numbers, Optional<String> nickname, Optional<Position> home,
    Instant when, Duration howLong, UUID uuid,
    // a field named like the codec's parameters
    int in) {}
