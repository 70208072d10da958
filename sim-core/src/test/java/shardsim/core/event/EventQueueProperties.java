package shardsim.core.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class EventQueueProperties {

    /**
     * Items added under reserved sequence numbers, interleaved with plain adds, come out sorted by
     * (time, sequence): a reserved item ties ahead of everything added after its reservation.
     */
    @Property(tries = 300)
    void reservedItemsSortByTheirReservedSequence(
            @ForAll @Size(max = 300) List<@LongRange(min = 0, max = 30) Long> times,
            @ForAll @IntRange(min = 0, max = 40) int reserved) {
        EventQueue<long[]> q = new EventQueue<>(4);
        long first = q.reserve(reserved);
        List<long[]> all = new ArrayList<>();
        int used = 0;
        for (int i = 0; i < times.size(); i++) {
            long[] item;
            if (used < reserved && i % 3 == 0) {
                item = new long[] {times.get(i), first + used++};
                q.addReserved(item[0], item[1], item);
            } else {
                item = new long[] {times.get(i), 0};
                item[1] = q.add(item[0], item);
            }
            all.add(item);
        }
        all.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
        for (long[] expected : all) {
            long[] got = q.poll();
            assertEquals(expected[0], got[0]);
            assertEquals(expected[1], got[1]);
            assertEquals(got[1], q.lastSeq());
        }
        assertTrue(q.isEmpty());
    }

    /** Any schedule of adds comes out sorted by time, ties in insertion order. */
    @Property(tries = 300)
    void pollsInTimeThenSequenceOrder(@ForAll @Size(max = 400) List<@LongRange(min = 0, max = 50) Long> times) {
        EventQueue<Integer> q = new EventQueue<>(4);
        for (int i = 0; i < times.size(); i++) {
            q.add(times.get(i), i);
        }
        long lastTime = Long.MIN_VALUE;
        long lastSeq = -1;
        int polled = 0;
        while (!q.isEmpty()) {
            int item = q.poll();
            assertEquals((long) times.get(item), q.lastTime(), "time travels with its item");
            assertEquals(item, q.lastSeq(), "sequence is insertion order");
            assertTrue(
                    q.lastTime() > lastTime || (q.lastTime() == lastTime && q.lastSeq() > lastSeq),
                    "out of order: " + q.lastTime() + "/" + q.lastSeq() + " after " + lastTime + "/" + lastSeq);
            lastTime = q.lastTime();
            lastSeq = q.lastSeq();
            polled++;
        }
        assertEquals(times.size(), polled);
    }

    /** Interleaved adds and polls agree with a reference priority queue on (time, sequence). */
    @Property(tries = 200)
    void interleavedOperationsMatchAReference(
            @ForAll @Size(max = 300) List<@IntRange(min = -1, max = 40) Integer> ops) {
        EventQueue<Long> q = new EventQueue<>(4);
        PriorityQueue<long[]> ref =
                new PriorityQueue<>(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
        long seq = 0;
        long now = 0;
        List<Long> got = new ArrayList<>();
        List<Long> want = new ArrayList<>();
        for (int op : ops) {
            if (op < 0 || op % 3 == 0) {
                if (!ref.isEmpty()) {
                    got.add(q.poll());
                    long[] r = ref.poll();
                    want.add(r[1]);
                    now = r[0];
                }
            } else {
                long t = now + op;
                q.add(t, seq);
                ref.add(new long[] {t, seq});
                seq++;
            }
            assertEquals(ref.size(), q.size());
        }
        assertEquals(want, got);
    }

    /**
     * Items added in lanes, in the heap and under reserved sequences, interleaved with polls, come
     * out as a reference priority queue on (time, sequence) gives them, with their times and
     * sequences; peeks and sizes agree all along. Lane items come from several streams of fixed
     * delays (which lanes take) and from random delays (which lanes take only when they fit, and
     * which fill all the lanes so that the heap takes the rest).
     */
    @Property(tries = 300)
    void lanesKeepTheOrderOfTheHeap(
            @ForAll @Size(max = 400) List<@IntRange(min = -3, max = 60) Integer> ops,
            @ForAll @IntRange(min = 0, max = 20) int reserved) {
        EventQueue<Long> q = new EventQueue<>(4);
        PriorityQueue<long[]> ref =
                new PriorityQueue<>(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
        long firstReserved = q.reserve(reserved);
        int usedReserved = 0;
        long now = 0;
        List<String> got = new ArrayList<>();
        List<String> want = new ArrayList<>();
        java.util.Map<Long, Long> seqOf = new java.util.HashMap<>();
        long id = 0;
        int i = 0;
        for (int op : ops) {
            i++;
            id++;
            long seq;
            long t;
            if (op < 0 || op % 4 == 0) {
                if (!ref.isEmpty()) {
                    long[] r = ref.peek();
                    assertEquals(r[0], q.peekTime());
                    assertEquals(r[1], q.peekSeq());
                    ref.poll();
                    want.add(r[1] + "@" + r[0]);
                    long g = q.poll();
                    got.add(seqOf.get(g) + "@" + q.lastTime());
                    assertEquals(r[0], q.lastTime());
                    assertEquals(r[1], q.lastSeq());
                    now = r[0];
                }
                continue;
            } else if (op % 4 == 1) {
                t = now + op;
                seq = q.add(t, id);
            } else if (op % 8 == 2 && usedReserved < reserved) {
                t = now + op;
                seq = firstReserved + usedReserved++;
                q.addReserved(t, seq, id);
            } else {
                // Fixed delays 10, 20, 30, 45 and 100 by turn, and now and then a random one.
                long[] delays = {10, 20, 30, 45, 100};
                t = now + (op % 4 == 3 && op > 50 ? op - 50 : delays[i % delays.length]);
                seq = q.addInLane(t, id);
            }
            seqOf.put(id, seq);
            ref.add(new long[] {t, seq});
            assertEquals(ref.size(), q.size());
        }
        while (!ref.isEmpty()) {
            long[] r = ref.poll();
            want.add(r[1] + "@" + r[0]);
            long g = q.poll();
            got.add(seqOf.get(g) + "@" + q.lastTime());
        }
        assertTrue(q.isEmpty());
        assertEquals(want, got);
    }
}
