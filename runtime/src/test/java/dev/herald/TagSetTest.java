package dev.herald;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tag sets: matching, and memory that follows a set's own tags, not the tags in use. */
class TagSetTest {

  @Test
  void setsMatchWhenTheyShareATagWhateverTheOrderAndNumbers() {
    TagSet ai = TagSet.of(List.of("AI", "physics"));
    TagSet render = TagSet.of(List.of("render"));
    TagSet physicsAndRender = TagSet.of(List.of("render", "physics"));

    assertTrue(ai.intersects(physicsAndRender));
    assertTrue(physicsAndRender.intersects(ai));
    assertTrue(render.intersects(physicsAndRender));
    assertFalse(ai.intersects(render));
    assertFalse(ai.intersects(TagSet.NONE));
  }

  @Test
  void aSetOfOneTagIsSmallEvenWhenItsTagIsTheHundredThousandthInUse() {
    for (int i = 0; i < 100_000; i++) {
      TagSet.of(List.of("tag-set-test-" + i));
    }
    List<String> late = List.of("tag-set-test-99999");
    TagSet.of(late); // the tag's number is given out already; measure the set alone
    com.sun.management.ThreadMXBean threads = allocationCounter();
    long thread = Thread.currentThread().getId();

    long before = threads.getThreadAllocatedBytes(thread);
    TagSet set = TagSet.of(late);
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    // a bit set sized by the highest number in use took 100,000 / 8 = 12.5 KB here
    assertTrue(allocated < 1024, allocated + " bytes for a set of one tag");
    assertTrue(set.intersects(TagSet.of(List.of("tag-set-test-0", "tag-set-test-99999"))));
  }

  private static com.sun.management.ThreadMXBean allocationCounter() {
    java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    assumeTrue(
        bean instanceof com.sun.management.ThreadMXBean,
        "no per-thread allocation counter on this JVM");
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
    threads.setThreadAllocatedMemoryEnabled(true);
    return threads;
  }
}
