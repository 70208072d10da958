package shardsim.core.trace;

/** What a trace event records. Each kind has a fixed {@link #code()} in the digest's encoding. */
public enum TraceKind {
    /** A parameter drawn from the seed, printed before anything runs. */
    PARAM(1),
    SEND(2),
    DELIVER(3),
    DROP(4),
    DUPLICATE(5),
    TIMER(6),
    FAULT(7),
    CRASH(8),
    RESTART(9),
    TASK_QUEUED(10),
    TASK_START(11),
    TASK_DONE(12),
    /** A model's own note: a state change worth seeing in the trace. */
    STATE(13),
    VIOLATION(14),
    /** The end of a run: ok or violated. */
    VERDICT(15);

    private final int code;

    TraceKind(int code) {
        this.code = code;
    }

    /** The kind's number in the digest encoding ({@link TraceDigest}); never reused or changed. */
    public int code() {
        return code;
    }
}
