package shardsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import shardsim.core.event.EventQueue;
import shardsim.core.random.SimRandom;

/**
 * Any change made to the kernel's queue for speed must keep its exact order; this drives it and a
 * plain sorted map on (time, sequence) through the same random schedules, ties and all.
 */
class EventQueueCrossCheckTest {

    private record Key(long time, long seq) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    @Test
    void matchesASortedMapUnderRandomSchedules() {
        for (long seed = 1; seed <= 40; seed++) {
            SimRandom r = new SimRandom(seed);
            // Small time ranges force many ties; large ones almost none.
            long spread = new long[] {1, 3, 50, 1_000_000}[(int) (seed % 4)];
            EventQueue<Object> queue = new EventQueue<>(1 + r.nextInt(8));
            TreeMap<Key, Object> reference = new TreeMap<>();
            long now = 0;
            long expectedSeq = 0;
            int steps = 3_000 + r.nextInt(3_000);
            for (int step = 0; step < steps; step++) {
                int op = r.nextInt(10);
                if (op < 5 || reference.isEmpty()) {
                    long time = now + r.between(0, spread);
                    Object item = new Object();
                    long seq = queue.add(time, item);
                    assertEquals(expectedSeq++, seq, "sequence numbers count adds");
                    reference.put(new Key(time, seq), item);
                } else if (op < 9) {
                    Key k = reference.firstKey();
                    assertEquals(k.time(), queue.peekTime());
                    assertSame(reference.pollFirstEntry().getValue(), queue.poll(), "seed " + seed + " step " + step);
                    assertEquals(k.time(), queue.lastTime());
                    assertEquals(k.seq(), queue.lastSeq());
                    now = k.time();
                } else if (r.nextInt(50) == 0) {
                    queue.clear();
                    reference.clear();
                }
                assertEquals(reference.size(), queue.size());
                assertEquals(reference.isEmpty(), queue.isEmpty());
            }
            while (!reference.isEmpty()) {
                assertSame(reference.pollFirstEntry().getValue(), queue.poll());
            }
            assertTrue(queue.isEmpty());
            assertThrows(IllegalStateException.class, queue::poll);
            assertThrows(IllegalStateException.class, queue::peekTime);
        }
    }

    @Test
    void extremeTimesAndLargeQueuesKeepTheOrder() {
        // Times anywhere in the long range (differences would overflow), and a queue larger than
        // any size at which the queue might change how it picks a child.
        for (int variant = 0; variant < 2; variant++) {
            SimRandom r = new SimRandom(99 + variant);
            EventQueue<Object> queue = new EventQueue<>();
            TreeMap<Key, Object> reference = new TreeMap<>();
            int n = variant == 0 ? 5_000 : 300_000;
            for (int i = 0; i < n; i++) {
                long time = variant == 0 ? r.nextLong() : r.between(0, n / 3);
                Object item = new Object();
                reference.put(new Key(time, queue.add(time, item)), item);
            }
            for (int i = 0; i < n; i++) {
                // Hold: take the earliest, add one later (or, wide, anywhere), compare as we go.
                assertSame(reference.pollFirstEntry().getValue(), queue.poll(), "variant " + variant + " poll " + i);
                if (i % 2 == 0) {
                    long time = variant == 0 ? r.nextLong() : queue.lastTime() + r.between(0, 5);
                    Object item = new Object();
                    reference.put(new Key(time, queue.add(time, item)), item);
                }
            }
            while (!reference.isEmpty()) {
                assertSame(reference.pollFirstEntry().getValue(), queue.poll());
            }
        }
    }

    @Test
    void equalTimesComeOutInInsertionOrder() {
        EventQueue<Integer> queue = new EventQueue<>();
        for (int i = 0; i < 1_000; i++) {
            queue.add(i % 7, i);
        }
        int last = -1;
        long lastTime = -1;
        for (int i = 0; i < 1_000; i++) {
            int v = queue.poll();
            if (queue.lastTime() == lastTime) {
                assertTrue(v > last, "FIFO among equal times");
            }
            lastTime = queue.lastTime();
            last = v;
            assertEquals(v % 7, lastTime);
        }
    }
}
