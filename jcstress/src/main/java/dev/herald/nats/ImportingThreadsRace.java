package dev.herald.nats;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link ImportingThreads}' last mark: one volatile field that every importing and exporting thread
 * reads, holding a {@link ImportingThreads.Mark} whose message is a plain field. In this package,
 * on the class path, since both classes are package-private.
 */
public class ImportingThreadsRace {
  private ImportingThreadsRace() {}

  /** What a thread saw: its own import, another's, and whether its mark was its own. */
  static final int SAW_OWN = 1;

  static final int SAW_OTHER = 2;
  static final int MARK_NOT_ITS_OWN = 4;
  static final int STILL_IMPORTING_AFTER = 8;

  /**
   * As Importer does: marks {@code mine} as this thread's import, asks about it and about {@code
   * theirs}, and puts back what was marked before.
   */
  static int importAndAsk(ImportingThreads importing, Object mine, Object theirs) {
    ImportingThreads.Mark mark = importing.mark();
    int seen = mark.owner == Thread.currentThread() ? 0 : MARK_NOT_ITS_OWN;
    Object outer = mark.swap(mine);
    seen |= importing.isImporting(mine) ? SAW_OWN : 0;
    seen |= importing.isImporting(theirs) ? SAW_OTHER : 0;
    mark.swap(outer);
    seen |= importing.isImporting(mine) ? STILL_IMPORTING_AFTER : 0;
    return seen;
  }

  @JCStressTest
  @Description(
      "Two threads import at once, as the client's threads may: each marks its message,"
          + " asks whether it imports its own and the other's, and unmarks. ImportingThreads.last"
          + " is volatile, but a Mark's message is a plain field. Forbidden: a thread given a mark"
          + " not its own, seeing the other's message as its import, or missing its own. Why the"
          + " code forbids it: a mark names its owner in a final field, and a thread takes the last"
          + " mark only when it names it, else its own from its thread-local; so a thread reads and"
          + " writes only its own mark's message, which no other thread touches.")
  @Outcome(
      id = "1, 1",
      expect = ACCEPTABLE,
      desc = "each thread saw its own import, and only while it lasted")
  @Outcome(
      expect = FORBIDDEN,
      desc = "a thread saw the other's import (2), lost its own, or was given another's mark (4)")
  @State
  public static class TwoImporters {
    private final ImportingThreads importing = new ImportingThreads();
    private final Object first = new Object();
    private final Object second = new Object();

    @Actor
    public void importFirst(II_Result result) {
      result.r1 = importAndAsk(importing, first, second);
    }

    @Actor
    public void importSecond(II_Result result) {
      result.r2 = importAndAsk(importing, second, first);
    }
  }

  @JCStressTest
  @Description(
      "One thread imports a message while another, which never imported, posts that"
          + " same object (an enum constant, say) and the exporter asks whether it is being"
          + " imported. Forbidden: the posting thread told it imports the message, so its post is"
          + " not exported. Why the code forbids it: the posting thread finds the importer's mark"
          + " in ImportingThreads.last, or null; a mark names its owner, not the posting thread,"
          + " so it looks in its own thread-local, where it has none.")
  @Outcome(
      id = "1, 0",
      expect = ACCEPTABLE,
      desc = "the importer saw its import; the poster saw none")
  @Outcome(
      expect = FORBIDDEN,
      desc = "the poster took the importer's mark for its own (1), or the importer lost its own")
  @State
  public static class ImporterAndPoster {
    private final ImportingThreads importing = new ImportingThreads();
    private final Object shared = new Object();

    @Actor
    public void importIt(II_Result result) {
      result.r1 = importAndAsk(importing, shared, new Object());
    }

    @Actor
    public void postIt(II_Result result) {
      result.r2 = importing.isImporting(shared) ? 1 : 0;
    }
  }
}
