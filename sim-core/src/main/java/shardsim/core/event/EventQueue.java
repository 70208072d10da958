package shardsim.core.event;

import java.util.Arrays;

/**
 * The pending-event set: a 4-ary min-heap on (time, sequence) kept in primitive arrays.
 *
 * <p>The sequence is the insertion number, so events at the same time come out in the order they
 * were scheduled, never by hash or identity. Removal walks the hole to a leaf along the smaller
 * children and then sifts the last element up from there ("bottom-up" deletion), which saves a
 * comparison per level against the usual sift-down; the arrays keep keys contiguous, so a level
 * costs one cache line rather than four pointer chases.
 *
 * <p>Besides the heap, a few FIFO lanes ({@link #addInLane}): an item whose time is no earlier than
 * the last one of a lane is appended there, and since its sequence is larger than every pending
 * one the lane stays sorted by (time, sequence). A simulation's timers mostly have a few fixed
 * delays (a call's timeout), so each such stream lands in a lane and costs O(1) to add and to
 * take, instead of two walks of a heap that the many cancelled timeouts would make deep. The
 * earliest item is the least of the heap's top and the lanes' heads, so the order items come out
 * in is exactly the heap's alone.
 *
 * @param <E> the payload type
 */
public final class EventQueue<E> {
    /** Times within this bound differ by less than 2^62, so their difference cannot overflow. */
    private static final long SAFE_TIME = Long.MAX_VALUE >> 2;
    /**
     * Up to this many pending events the heap stays in a core's cache and the smallest child is
     * chosen with arithmetic instead of branches, which a random schedule mispredicts about half
     * the time. Beyond it, branches win: the CPU speculates down the heap and so fetches the
     * next level's cache lines early, which a data dependency would serialise. The limit (about
     * 2.6 MB of keys and references) was measured with HoldBenchmark on a 4 MB L2 cache.
     */
    private static final int BRANCH_FREE_MAX = 1 << 17;

    private long[] times;
    private long[] seqs;
    private Object[] items;
    private int size;
    private long nextSeq;
    private long lastTime;
    private long lastSeq;
    /** Whether a time outside +-SAFE_TIME is pending, so that a difference of two could overflow. */
    private boolean wide;
    /** How many lanes there may be: each costs a comparison when the earliest item is sought. */
    static final int LANES = 4;

    private final Lane[] lanes = new Lane[LANES];
    private int laneCount;
    /** Items in all lanes. */
    private int laneItems;
    /** What {@link #earliest} last found, or {@link #STALE} once an add or a poll may have changed it. */
    private int next = STALE;

    private static final int STALE = -3;

    /** A FIFO of items sorted by (time, sequence) because each was appended after the last. */
    private static final class Lane {
        long[] times = new long[16];
        long[] seqs = new long[16];
        Object[] items = new Object[16];
        int head;
        int size;

        long tailTime() {
            return times[(head + size - 1) & (times.length - 1)];
        }

        void append(long time, long seq, Object item) {
            if (size == times.length) {
                grow();
            }
            int i = (head + size) & (times.length - 1);
            times[i] = time;
            seqs[i] = seq;
            items[i] = item;
            size++;
        }

        Object take() {
            Object it = items[head];
            items[head] = null;
            head = (head + 1) & (times.length - 1);
            size--;
            return it;
        }

        private void grow() {
            int n = times.length;
            long[] t = new long[2 * n];
            long[] q = new long[2 * n];
            Object[] o = new Object[2 * n];
            for (int k = 0; k < size; k++) {
                int i = (head + k) & (n - 1);
                t[k] = times[i];
                q[k] = seqs[i];
                o[k] = items[i];
            }
            times = t;
            seqs = q;
            items = o;
            head = 0;
        }

        void clear() {
            Arrays.fill(items, null);
            head = 0;
            size = 0;
        }
    }

    public EventQueue() {
        this(64);
    }

    public EventQueue(int initialCapacity) {
        int cap = Math.max(4, initialCapacity);
        times = new long[cap];
        seqs = new long[cap];
        items = new Object[cap];
    }

    public int size() {
        return size + laneItems;
    }

    public boolean isEmpty() {
        return size + laneItems == 0;
    }

    /** Schedules an item at the given time and returns its sequence number. */
    public long add(long time, E item) {
        long seq = nextSeq++;
        addToHeap(time, seq, item);
        return seq;
    }

    /**
     * Schedules an item like {@link #add}, in a lane if one ends no later than {@code time} (the
     * one ending latest, so that the others stay open to earlier times), else in an empty or a new
     * lane, else in the heap. Meant for streams of items whose times mostly grow, such as timers
     * of a fixed delay; it comes out exactly when {@link #add} would have made it come out.
     */
    public long addInLane(long time, E item) {
        long seq = nextSeq++;
        Lane fit = null;
        long fitTail = Long.MIN_VALUE;
        Lane empty = null;
        for (int k = 0; k < laneCount; k++) {
            Lane l = lanes[k];
            if (l.size == 0) {
                if (empty == null) {
                    empty = l;
                }
            } else {
                long tail = l.tailTime();
                if (tail <= time && (fit == null || tail > fitTail)) {
                    fit = l;
                    fitTail = tail;
                }
            }
        }
        if (fit == null) {
            fit = empty;
        }
        if (fit == null && laneCount < LANES) {
            fit = new Lane();
            lanes[laneCount++] = fit;
        }
        if (fit == null) {
            addToHeap(time, seq, item);
        } else {
            fit.append(time, seq, item);
            laneItems++;
            next = STALE;
        }
        return seq;
    }

    /** Puts an item in the heap under a sequence larger than every pending one. */
    private void addToHeap(long time, long seq, Object item) {
        next = STALE;
        if (size == times.length) {
            grow();
        }
        int i = size++;
        if (time > SAFE_TIME || time < -SAFE_TIME) {
            wide = true;
        }
        // Sift up. The new sequence is larger than every pending one, so a parent with an equal
        // time stays above the new item and the times alone decide.
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            long pt = times[parent];
            if (pt <= time) {
                break;
            }
            times[i] = pt;
            seqs[i] = seqs[parent];
            items[i] = items[parent];
            i = parent;
        }
        times[i] = time;
        seqs[i] = seq;
        items[i] = item;
    }

    /**
     * Where the earliest item is: -1 for the heap's top, else the index of the lane whose head it
     * is. Only valid when not empty. A peek and the poll after it share one search.
     */
    private int earliest() {
        if (next != STALE) {
            return next;
        }
        int at = -1;
        long bt = 0;
        long bs = 0;
        if (size > 0) {
            bt = times[0];
            bs = seqs[0];
        } else {
            at = -2;
        }
        for (int k = 0; k < laneCount; k++) {
            Lane l = lanes[k];
            if (l.size > 0) {
                long t = l.times[l.head];
                long q = l.seqs[l.head];
                if (at == -2 || t < bt || (t == bt && q < bs)) {
                    at = k;
                    bt = t;
                    bs = q;
                }
            }
        }
        next = at;
        return at;
    }

    /**
     * Sets aside {@code n} sequence numbers, smaller than every sequence handed out from now on,
     * and returns the first. {@link #addReserved} schedules an item under one of them: at its time
     * it then comes out before every item added after the reservation, as if it had been added at
     * the reservation. Items given to a run up front (a plan's faults) and items decided later
     * that must sort as they do (faults aimed during the run) share one order this way.
     */
    public long reserve(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("cannot reserve " + n + " sequence numbers");
        }
        long first = nextSeq;
        nextSeq += n;
        return first;
    }

    /** Schedules an item under a sequence number {@link #reserve} set aside (each used once). */
    public void addReserved(long time, long seq, E item) {
        if (seq < 0 || seq >= nextSeq) {
            throw new IllegalArgumentException("sequence " + seq + " was not reserved");
        }
        if (size == times.length) {
            grow();
        }
        int i = size++;
        if (time > SAFE_TIME || time < -SAFE_TIME) {
            wide = true;
        }
        // Unlike add, the sequence may be smaller than pending ones: ties compare sequences.
        siftUp(i, time, seq, item);
        next = STALE;
    }

    /** Moves the item of {@code time} and {@code seq} up from {@code hole} to its place, comparing times, then sequences. */
    private void siftUp(int hole, long time, long seq, Object item) {
        long[] tk = times;
        long[] sk = seqs;
        while (hole > 0) {
            int parent = (hole - 1) >>> 2;
            long pt = tk[parent];
            if (pt < time || (pt == time && sk[parent] < seq)) {
                break;
            }
            tk[hole] = pt;
            sk[hole] = sk[parent];
            items[hole] = items[parent];
            hole = parent;
        }
        tk[hole] = time;
        sk[hole] = seq;
        items[hole] = item;
    }

    /** The time of the earliest item; only valid when not empty. */
    public long peekTime() {
        if (laneItems == 0) {
            if (size == 0) {
                throw new IllegalStateException("empty queue");
            }
            return times[0];
        }
        int at = earliest();
        if (at < 0) {
            return times[0];
        }
        Lane l = lanes[at];
        return l.times[l.head];
    }

    /** Removes and returns the earliest item; its time and sequence are then {@link #lastTime()} and {@link #lastSeq()}. */
    @SuppressWarnings("unchecked")
    public E poll() {
        if (laneItems > 0) {
            int at = earliest();
            next = STALE;
            if (at >= 0) {
                Lane l = lanes[at];
                lastTime = l.times[l.head];
                lastSeq = l.seqs[l.head];
                laneItems--;
                return (E) l.take();
            }
        }
        if (size == 0) {
            throw new IllegalStateException("empty queue");
        }
        E top = (E) items[0];
        lastTime = times[0];
        lastSeq = seqs[0];
        int n = --size;
        long t = times[n];
        long s = seqs[n];
        Object it = items[n];
        items[n] = null;
        if (n == 0) {
            return top;
        }
        // Walk the hole down to a leaf along the smallest child.
        long[] tk = times;
        long[] sk = seqs;
        int hole = 0;
        boolean branchFree = n <= BRANCH_FREE_MAX && !wide;
        while (true) {
            int first = (hole << 2) + 1;
            if (first >= n) {
                break;
            }
            int best;
            long bt;
            long t0;
            long t1;
            long t2;
            long t3;
            if (branchFree
                    && first + 3 < n
                    && (t0 = tk[first]) != (t1 = tk[first + 1]) & (t2 = tk[first + 2]) != (t3 = tk[first + 3])) {
                // A full group with no tie inside either pair: m is all ones when the right
                // element is smaller, and selects it without a jump.
                long d01 = t1 - t0;
                long m01 = d01 >> 63;
                long v01 = t0 + (d01 & m01);
                int i01 = first - (int) m01;
                long d23 = t3 - t2;
                long m23 = d23 >> 63;
                long v23 = t2 + (d23 & m23);
                int i23 = first + 2 - (int) m23;
                if (v01 == v23) {
                    best = sk[i01] < sk[i23] ? i01 : i23;
                    bt = v01;
                } else {
                    long d = v23 - v01;
                    long m = d >> 63;
                    bt = v01 + (d & m);
                    best = i01 + ((i23 - i01) & (int) m);
                }
            } else {
                best = first;
                bt = tk[first];
                long bs = sk[first];
                int last = Math.min(first + 4, n);
                for (int c = first + 1; c < last; c++) {
                    long ct = tk[c];
                    if (ct < bt || (ct == bt && sk[c] < bs)) {
                        best = c;
                        bt = ct;
                        bs = sk[c];
                    }
                }
            }
            tk[hole] = bt;
            sk[hole] = sk[best];
            items[hole] = items[best];
            hole = best;
        }
        // Sift the former last element up from the leaf.
        siftUp(hole, t, s, it);
        return top;
    }

    /** The sequence of the earliest item; only valid when not empty. */
    public long peekSeq() {
        if (laneItems == 0) {
            if (size == 0) {
                throw new IllegalStateException("empty queue");
            }
            return seqs[0];
        }
        int at = earliest();
        if (at < 0) {
            return seqs[0];
        }
        Lane l = lanes[at];
        return l.seqs[l.head];
    }

    public long lastTime() {
        return lastTime;
    }

    public long lastSeq() {
        return lastSeq;
    }

    public void clear() {
        Arrays.fill(items, 0, size, null);
        size = 0;
        wide = false;
        for (int k = 0; k < laneCount; k++) {
            lanes[k].clear();
        }
        laneItems = 0;
        next = STALE;
    }

    private void grow() {
        int cap = times.length * 2;
        times = Arrays.copyOf(times, cap);
        seqs = Arrays.copyOf(seqs, cap);
        items = Arrays.copyOf(items, cap);
    }
}
