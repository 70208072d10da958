package shardsim.bench;

/** A {@link java.util.PriorityQueue} element ordered by (time, sequence), reused across holds. */
final class PqEntry implements Comparable<PqEntry> {
    long time;
    long seq;

    PqEntry(long time, long seq) {
        this.time = time;
        this.seq = seq;
    }

    @Override
    public int compareTo(PqEntry o) {
        if (time != o.time) {
            return time < o.time ? -1 : 1;
        }
        return Long.compare(seq, o.seq);
    }
}
