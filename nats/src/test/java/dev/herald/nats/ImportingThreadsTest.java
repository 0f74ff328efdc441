package dev.herald.nats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The marks the exporter asks about: each thread's own, and only while it imports. */
@Timeout(10)
class ImportingThreadsTest {
  private final ImportingThreads threads = new ImportingThreads();
  private final Object imported = "imported";

  @Test
  void eachThreadHasItsOwnMarkThatNamesIt() throws InterruptedException {
    ImportingThreads.Mark mine = threads.mark();
    AtomicReference<ImportingThreads.Mark> theirs = new AtomicReference<>();
    Thread other = new Thread(() -> theirs.set(threads.mark()));
    other.start();
    other.join();

    assertNotSame(mine, theirs.get());
    assertSame(Thread.currentThread(), mine.owner);
    assertSame(other, theirs.get().owner);
    assertSame(
        mine, threads.mark(), "the other thread's mark was made last, but is not this one's");
  }

  @Test
  void aThreadStillSeesItsImportAfterAnotherThreadMarkedOne() throws InterruptedException {
    threads.mark().swap(imported);
    Thread other = new Thread(() -> threads.mark().swap("imported there"));
    other.start();
    other.join();

    assertTrue(threads.isImporting(imported));
    assertFalse(threads.isImporting("imported there"));
  }

  @Test
  void aMarkedMessageIsImportingOnItsThreadUntilTheMarkIsPutBack() {
    ImportingThreads.Mark mark = threads.mark();
    Object before = mark.swap(imported);

    assertTrue(threads.isImporting(imported));
    assertFalse(threads.isImporting("another message"));
    assertSame(mark, threads.mark());
    assertSame(Thread.currentThread(), mark.owner);

    mark.swap(before);
    assertNull(before);
    assertFalse(threads.isImporting(imported));
  }

  @Test
  void anImportOfAnotherThreadIsNotThisThreads() throws InterruptedException {
    threads.mark().swap(imported);
    AtomicBoolean seenElsewhere = new AtomicBoolean(true);
    Thread other = new Thread(() -> seenElsewhere.set(threads.isImporting(imported)));
    other.start();
    other.join();

    assertFalse(seenElsewhere.get());
    assertTrue(threads.isImporting(imported));
  }

  @Test
  void aNestedImportPutsTheOuterOneBack() {
    ImportingThreads.Mark mark = threads.mark();
    Object outer = mark.swap(imported);
    Object inner = mark.swap("answered inside");
    assertFalse(threads.isImporting(imported));

    mark.swap(inner);
    assertTrue(threads.isImporting(imported));
    mark.swap(outer);
    assertFalse(threads.isImporting(imported));
  }
}
