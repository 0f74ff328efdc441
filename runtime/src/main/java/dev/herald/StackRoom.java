package dev.herald;

/**
 * Whether the current thread's stack has room for more than a few calls: asked, as a {@link
 * StackOverflowError} unwinds a chain of nested posts, before anything is built to report it; and
 * required ({@link #require}) before a change to the bus's structures that an overflow halfway
 * through would leave broken.
 *
 * <p>The frame that catches an overflow has next to no stack left. Allocating there can run a
 * Throwable's constructor that the Flight Recorder instruments, loading a class or taking a lock
 * inside the recorder and leaving it broken (JFR's throttler lock held for good, or its exception
 * tracer failing to initialise, after which every exception created anywhere in the JVM throws). So
 * the overflow is rethrown as it is, untouched, until a frame where this probe succeeds.
 *
 * <p>The probe descends {@link #FRAMES} calls that allocate nothing and touch no other class. Every
 * Java call also checks that the JVM's shadow zone below it is free, so success leaves room for the
 * probe's frames in Java code and for the native code under them. It must be loaded and linked
 * before it is needed ({@link #isEnough} is called once when a bus is built): loading a class at
 * the point of an overflow is what must not happen.
 */
final class StackRoom {
  /**
   * Calls the probe descends: at least 9 KiB of compiled frames, about twice that interpreted; a
   * few times what reporting an overflow takes (a few dozen calls), a small part of any stack. A
   * failed probe unwinds the calls it made, at each level of a chain until one has room, so a few
   * large frames keep the unwinding of a deep chain quick where many small ones would not.
   */
  private static final int FRAMES = 64;

  /**
   * Calls {@link #require} descends: at least 2 KiB compiled, above the shadow zone, several times
   * the deepest change the registry makes under its lock; a quarter of the probe, since every
   * registration pays it.
   */
  private static final int REQUIRED_FRAMES = 16;

  /** Read before each call and used after it: memory a call may change, so each frame keeps it. */
  private static final long[] WORDS = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
  };

  private StackRoom() {}

  /**
   * The overflow being unwound when the probe last failed, and how many of its next levels to skip
   * before probing again: doubled at each failure, so that a deep chain is probed a few times, not
   * at every one of the hundreds of levels near its end. Plain fields, written with next to no
   * stack: a race between two threads' overflows costs probes, never a wrong answer, since only a
   * probe that succeeds says there is room.
   */
  private static Throwable unwinding;

  private static int skip;
  private static int skipped;

  /**
   * {@link #isEnough}, asked at each level that {@code overflow} unwinds through: after a failed
   * probe, the next levels answer false without probing, twice as many after each failure.
   */
  static boolean isEnoughFor(StackOverflowError overflow) {
    if (overflow == unwinding && skipped < skip) {
      skipped++;
      return false;
    }
    if (isEnough() && FlightEvents.exceptionTracingReadyHere()) {
      unwinding = null; // keeps no error, nor the classes of its stack trace
      return true;
    }
    skip = overflow == unwinding && skip < MAX_SKIP ? skip * 2 : 1;
    skipped = 0;
    unwinding = overflow;
    return false;
  }

  /**
   * Calls {@link #isEnoughForClassLoading} descends: at least 70 KiB compiled, room for the
   * initialisation of a few JDK classes, asked only before the first exception made after the
   * Flight Recorder started ({@link FlightEvents#exceptionTracingReadyHere}).
   */
  private static final int CLASS_LOADING_FRAMES = 512;

  /** True if the calls that initialising a few JDK classes takes fit on the stack from here. */
  static boolean isEnoughForClassLoading() {
    try {
      return descend(CLASS_LOADING_FRAMES) != 0;
    } catch (StackOverflowError notHere) {
      return false;
    }
  }

  /** The most levels skipped between two probes. */
  private static final int MAX_SKIP = 256;

  /** True if the probe's calls fit on the stack from here; false if they overflowed. */
  static boolean isEnough() {
    try {
      return descend(FRAMES) != 0;
    } catch (StackOverflowError notHere) {
      return false;
    }
  }

  /**
   * Throws a {@link StackOverflowError} here, before anything is changed, if the probe's calls do
   * not fit on the stack from here: a change made under the registry's lock then runs to its end,
   * since it takes far fewer calls. (The error is the JVM's own, so no constructor runs.)
   */
  static void require() {
    descend(REQUIRED_FRAMES);
  }

  /**
   * Descends {@code frames} calls, each keeping sixteen longs alive across the next one: a compiled
   * frame of this method holds them all (at least 136 bytes), since no register survives a call.
   */
  private static long descend(int frames) {
    if (frames == 0) {
      return 1;
    }
    long[] w = WORDS;
    long a = w[0], b = w[1], c = w[2], d = w[3], e = w[4], f = w[5], g = w[6], h = w[7];
    long i = w[8], j = w[9], k = w[10], l = w[11], m = w[12], n = w[13], o = w[14], p = w[15];
    long below = descend(frames - 1);
    return below | a | b | c | d | e | f | g | h | i | j | k | l | m | n | o | p;
  }
}
