package shardsim.core.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's trace: a rolling 64-bit digest over every event, plus (optionally) the events kept whole
 * or as a bounded ring of the last N.
 *
 * <p>The digest folds in each event's time, event number, kind, actor and typed fields under the
 * fixed encoding documented in {@link TraceDigest}, so two runs have the same digest only if they
 * record the same events in the same order, on every JVM and machine. No text is made for it.
 */
public final class Trace {
    /** How much of the trace to keep besides the digest. */
    public enum Retention {
        DIGEST_ONLY,
        RING,
        FULL
    }

    private final Retention retention;
    private final int ringSize;
    private final TraceEvent[] ring;
    private final List<TraceEvent> full;
    private final List<TraceListener> listeners = new ArrayList<>();
    private final TraceDigest digest = new TraceDigest();
    private long count;

    private Trace(Retention retention, int ringSize) {
        this.retention = retention;
        this.ringSize = ringSize;
        this.ring = retention == Retention.RING ? new TraceEvent[ringSize] : null;
        this.full = retention == Retention.FULL ? new ArrayList<>() : null;
    }

    /** Keeps only the digest and the count: the cheapest, for sweeps. */
    public static Trace digestOnly() {
        return new Trace(Retention.DIGEST_ONLY, 0);
    }

    /** Keeps the last {@code n} events. */
    public static Trace ring(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("ring size must be positive: " + n);
        }
        return new Trace(Retention.RING, n);
    }

    /** Keeps every event. */
    public static Trace full() {
        return new Trace(Retention.FULL, 0);
    }

    public Trace addListener(TraceListener listener) {
        listeners.add(listener);
        return this;
    }

    /** Records an event of the kind its data declares ({@link TraceData#kind}). */
    public void record(long timeMicros, long eventNumber, String actor, TraceData data) {
        record(timeMicros, eventNumber, data.kind(), actor, data);
    }

    /**
     * Records an event digested under {@code kind}: the kernel never names a kind apart from its
     * data; the encoding's own tests fold any kind in with any record.
     */
    void record(long timeMicros, long eventNumber, TraceKind kind, String actor, TraceData data) {
        digest.event(timeMicros, eventNumber, kind, actor, data);
        long index = count++;
        if (retention == Retention.DIGEST_ONLY && listeners.isEmpty()) {
            return;
        }
        TraceEvent event = new TraceEvent(index, timeMicros, eventNumber, actor, data);
        if (retention == Retention.FULL) {
            full.add(event);
        } else if (retention == Retention.RING) {
            ring[(int) (index % ringSize)] = event;
        }
        for (int i = 0; i < listeners.size(); i++) {
            listeners.get(i).onEvent(event);
        }
    }

    /**
     * Whether events are only digested: nothing is kept and nobody listens. The kernel then folds
     * its most frequent events in through {@link #begin} and {@link #end}, without making an event.
     */
    public boolean digestsOnly() {
        return retention == Retention.DIGEST_ONLY && listeners.isEmpty();
    }

    /**
     * Starts an event that is only digested; the caller hands its fields to the returned sink,
     * through the same static writer its {@link TraceData} kind uses, then calls {@link #end}.
     * The digest is the same as {@link #record} of that event would give.
     */
    public FieldSink begin(long timeMicros, long eventNumber, TraceKind kind, String actor, int code) {
        digest.begin(timeMicros, eventNumber, kind, actor, code);
        return digest;
    }

    /** Ends an event started with {@link #begin}. */
    public void end() {
        digest.end();
        count++;
    }

    public long digest() {
        return digest.value();
    }

    /** The digest as 16 hex digits, the form printed everywhere. */
    public String digestHex() {
        return hex(digest.value());
    }

    public static String hex(long digest) {
        String s = Long.toHexString(digest);
        return "0000000000000000".substring(s.length()) + s;
    }

    public long count() {
        return count;
    }

    /** The kept events, oldest first: all of them, the last N, or none. */
    public List<TraceEvent> events() {
        if (retention == Retention.FULL) {
            return List.copyOf(full);
        }
        if (retention == Retention.RING) {
            return last(ringSize);
        }
        return List.of();
    }

    /** The last {@code n} kept events, oldest first. */
    public List<TraceEvent> last(int n) {
        List<TraceEvent> out = new ArrayList<>();
        if (retention == Retention.FULL) {
            int from = Math.max(0, full.size() - n);
            out.addAll(full.subList(from, full.size()));
        } else if (retention == Retention.RING) {
            long kept = Math.min(count, ringSize);
            long from = count - Math.min(kept, n);
            for (long i = from; i < count; i++) {
                out.add(ring[(int) (i % ringSize)]);
            }
        }
        return out;
    }
}
