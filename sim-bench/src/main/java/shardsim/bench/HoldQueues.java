package shardsim.bench;

import java.util.PriorityQueue;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import shardsim.core.event.EventQueue;
import umontreal.ssj.simevents.eventlist.BinaryTree;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.Henriksen;
import umontreal.ssj.simevents.eventlist.RedblackTree;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * One JMH state per queue under test, each holding {@code pending} events and doing one hold per
 * call. Each queue's state is separate so that a forked run builds only the queue it measures.
 */
public final class HoldQueues {
    static final long SEED = 0x5EED_B0B0L;

    private HoldQueues() {}

    /** The parameters every queue shares; the initial events are at increments from time zero. */
    @State(Scope.Thread)
    public abstract static class Base {
        @Param({"100", "10000", "1000000"})
        public int pending;

        Increments increments;

        @Setup(Level.Trial)
        public void setup() {
            increments = new Increments(SEED);
            fill();
        }

        abstract void fill();

        /** Takes the earliest event and reschedules it one increment later; returns its old time. */
        abstract long hold();

        abstract int size();
    }

    @State(Scope.Thread)
    public static class Ours extends Base {
        private EventQueue<Object> queue;

        @Override
        void fill() {
            queue = new EventQueue<>();
            for (int i = 0; i < pending; i++) {
                queue.add(increments.next(), new Object());
            }
        }

        @Override
        long hold() {
            Object e = queue.poll();
            long now = queue.lastTime();
            queue.add(now + increments.next(), e);
            return now;
        }

        @Override
        int size() {
            return queue.size();
        }
    }

    @State(Scope.Thread)
    public static class JdkPriorityQueue extends Base {
        private PriorityQueue<PqEntry> queue;
        private long nextSeq;

        @Override
        void fill() {
            queue = new PriorityQueue<>();
            for (int i = 0; i < pending; i++) {
                queue.add(new PqEntry(increments.next(), nextSeq++));
            }
        }

        @Override
        long hold() {
            PqEntry e = queue.poll();
            long now = e.time;
            e.time = now + increments.next();
            e.seq = nextSeq++;
            queue.add(e);
            return now;
        }

        @Override
        int size() {
            return queue.size();
        }
    }

    /** SSJ's lists keep events of equal time in insertion order, as ours does. */
    public abstract static class Ssj extends Base {
        private EventList list;
        private int size;

        abstract EventList newList();

        @Override
        void fill() {
            list = newList();
            for (int i = 0; i < pending; i++) {
                list.add(new HoldEvent(increments.next()));
            }
            size = pending;
        }

        @Override
        long hold() {
            HoldEvent e = (HoldEvent) list.removeFirst();
            double now = e.time();
            e.moveTo(now + increments.next());
            list.add(e);
            return (long) now;
        }

        @Override
        int size() {
            return size;
        }
    }

    @State(Scope.Thread)
    public static class SsjSplayTree extends Ssj {
        @Override
        EventList newList() {
            return new SplayTree();
        }
    }

    @State(Scope.Thread)
    public static class SsjBinaryTree extends Ssj {
        @Override
        EventList newList() {
            return new BinaryTree();
        }
    }

    @State(Scope.Thread)
    public static class SsjRedblackTree extends Ssj {
        @Override
        EventList newList() {
            return new RedblackTree();
        }
    }

    @State(Scope.Thread)
    public static class SsjHenriksen extends Ssj {
        @Override
        EventList newList() {
            return new Henriksen();
        }
    }
}
