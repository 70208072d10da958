package shardsim.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.eventlist.BinaryTree;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.Henriksen;
import umontreal.ssj.simevents.eventlist.RedblackTree;
import umontreal.ssj.simevents.eventlist.SplayTree;

/** The benchmark must measure queues doing the same, correct work; this checks that, untimed. */
class HoldQueuesTest {

    private static List<HoldQueues.Base> all(int pending) {
        List<HoldQueues.Base> queues = List.of(
                new HoldQueues.Ours(),
                new HoldQueues.JdkPriorityQueue(),
                new HoldQueues.SsjSplayTree(),
                new HoldQueues.SsjBinaryTree(),
                new HoldQueues.SsjRedblackTree(),
                new HoldQueues.SsjHenriksen());
        for (HoldQueues.Base q : queues) {
            q.pending = pending;
            q.setup();
        }
        return queues;
    }

    @Test
    void everyQueueHoldsInTimeOrderAndAllAgreeOnTheTimes() {
        List<HoldQueues.Base> queues = all(1_000);
        long[] reference = new long[20_000];
        for (int q = 0; q < queues.size(); q++) {
            HoldQueues.Base queue = queues.get(q);
            long last = Long.MIN_VALUE;
            for (int i = 0; i < reference.length; i++) {
                long t = queue.hold();
                assertTrue(t >= last, queue.getClass().getSimpleName() + " went back in time at hold " + i);
                last = t;
                if (q == 0) {
                    reference[i] = t;
                } else {
                    assertEquals(reference[i], t, queue.getClass().getSimpleName() + " differs at hold " + i);
                }
            }
            assertEquals(1_000, queue.size());
        }
    }

    @Test
    void ssjListsKeepEqualTimesInInsertionOrder() {
        for (EventList list : List.of(new SplayTree(), new BinaryTree(), new RedblackTree(), new Henriksen())) {
            HoldEvent[] events = new HoldEvent[50];
            for (int i = 0; i < events.length; i++) {
                events[i] = new HoldEvent(7.0 * (i % 3));
                list.add(events[i]);
            }
            // Expected: time 0 in insertion order, then time 7, then time 14.
            int k = 0;
            for (int group = 0; group < 3; group++) {
                for (int i = group; i < events.length; i += 3) {
                    assertTrue(list.removeFirst() == events[i], list.getClass().getSimpleName() + " at " + k);
                    k++;
                }
            }
            assertTrue(list.isEmpty());
        }
    }
}
